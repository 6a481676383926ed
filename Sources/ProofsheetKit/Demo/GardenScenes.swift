/// Garden Party outdoors: the lawn with its tables, lights and bunting under the trees,
/// and the flowered arch that welcomes the guests.
enum GardenScenes {
    static let flowerColors = [RGB(244, 176, 186), RGB(252, 248, 240), RGB(250, 204, 160), RGB(206, 72, 104), RGB(248, 222, 112)]
    static let leafColors = [RGB(44, 92, 48), RGB(66, 118, 58), RGB(92, 140, 70), RGB(34, 74, 44)]

    static func garden(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        let horizon = h * random(0.42, 0.52)
        backdrop(canvas, horizon: horizon, &random)
        if random.chance(0.6) {
            tree(
                canvas, at: (random.chance(0.5) ? w * random(0, 0.15) : w * random(0.85, 1), horizon + h * 0.04),
                size: short * random(0.5, 0.7), &random)
        }
        // Tables further away are smaller and higher up.
        if random.chance(0.5) { marquee(canvas, at: (w * random(0.2, 0.8), horizon + h * 0.01), size: short * random(0.18, 0.26)) }
        // Tables further away are smaller and higher up; each in its own slot across the lawn.
        let count = random.int(2, 4)
        let tables = (0..<count).map { slot in (slot: slot, depth: random(0.15, 1)) }.sorted { $0.depth < $1.depth }
        for (slot, depth) in tables {
            let x = w * (Double(slot) + random(0.3, 0.7)) / Double(count)
            table(canvas, at: (x, horizon + (h - horizon) * (0.12 + 0.55 * depth)), size: short * (0.1 + 0.22 * depth), &random)
        }
        let ropes = random.int(1, 2)
        for k in 0..<ropes {
            let a = (x: -w * 0.05, y: h * random(0.05, 0.3)), b = (x: w * 1.05, y: h * random(0.05, 0.3))
            let sag = h * random(0.08, 0.2)
            if k == 0 || random.chance(0.5) {
                lights(canvas, along: Easel.rope(from: a, to: b, sag: sag, count: 18), size: short * 0.018)
            } else {
                bunting(canvas, along: Easel.rope(from: a, to: b, sag: sag, count: 14), size: short * 0.06, &random)
            }
        }
        foregroundBlooms(canvas, &random)
        canvas.vignette(0.45)
    }

    static func arch(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        let horizon = h * random(0.5, 0.56), ground = h * 0.8
        backdrop(canvas, horizon: horizon, &random)
        let center = w * random(0.45, 0.55), half = w * 0.3, spring = h * 0.42
        canvas.polygon(
            [(center - w * 0.6, h), (center + w * 0.6, h), (center + half * 0.5, ground), (center - half * 0.5, ground)], RGB(214, 200, 172)
        )
        canvas.polygon([(center + half * 0.5, ground), (center - half * 0.5, ground), (center, horizon + 4)], RGB(204, 190, 160))
        // The arch: leaves, then flowers, along two posts and the half circle joining them.
        func path(_ t: Double) -> Easel.Point {
            if t < 0.25 { return (center - half, ground - (ground - spring) * t * 4) }
            if t > 0.75 { return (center + half, spring + (ground - spring) * (t - 0.75) * 4) }
            return Easel.around((center, spring), radius: half, turns: 0.5 + (t - 0.25))
        }
        for (count, sizes, colors) in [(340, (0.05, 0.1), leafColors), (170, (0.03, 0.06), flowerColors)] {
            for _ in 0..<count {
                let p = path(random(0, 1)), size = short * random(sizes.0, sizes.1)
                let at = (x: p.x + short * random(-0.05, 0.05), y: p.y + short * random(-0.05, 0.05))
                let color = random.pick(colors)
                canvas.ellipse(at.x, at.y, size, size * random(0.6, 1), color.mixed(with: .black, random(0, 0.25)))
                canvas.ellipse(at.x - size * 0.15, at.y - size * 0.15, size * 0.45, size * 0.35, color.mixed(with: .white, 0.35), 0.5)
            }
        }
        for side in [-1.0, 1.0] {
            let pot = (x: center + side * half * 1.35, y: ground + h * 0.04)
            canvas.ellipse(pot.x + short * 0.02, pot.y + short * 0.07, short * 0.22, short * 0.05, .black, 0.25)
            canvas.polygon(
                [
                    (pot.x - short * 0.08, pot.y - short * 0.06), (pot.x + short * 0.08, pot.y - short * 0.06),
                    (pot.x + short * 0.06, pot.y + short * 0.07), (pot.x - short * 0.06, pot.y + short * 0.07),
                ], RGB(184, 110, 74))
            for _ in 0..<30 {
                let size = short * random(0.03, 0.06)
                canvas.ellipse(
                    pot.x + short * random(-0.1, 0.1), pot.y - short * random(0.08, 0.22), size, size,
                    random.pick(leafColors + [flowerColors[0]]))
            }
        }
        foregroundBlooms(canvas, &random)
        canvas.vignette(0.45)
    }

    // MARK: Parts

    /// Late-afternoon sky, a line of trees, and the lawn with its mowing stripes.
    static func backdrop(_ canvas: borrowing Easel, horizon: Double, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height
        canvas.gradient(from: 0, to: horizon, [RGB(104, 160, 220), RGB(160, 198, 232), RGB(232, 232, 216)])
        for _ in 0..<random.int(1, 3) {
            canvas.cloud((w * random(0, 1), horizon * random(0.15, 0.5)), width: w * random(0.15, 0.3), &random)
        }
        canvas.glow((w * random(0.1, 0.9), 0), radius: w * 0.5, RGB(255, 240, 200), 0.35)
        for (layer, color) in [RGB(112, 138, 110), RGB(58, 96, 58)].enumerated() {
            var x = -w * 0.05
            while x < w * 1.05 {
                let size = w * random(0.06, 0.14) * (layer == 0 ? 0.8 : 1)
                let top = horizon - h * random(0.06, 0.16) * (layer == 0 ? 1.2 : 0.8)
                canvas.rect(x - size * 0.5, top, size, horizon - top + 2, color)
                canvas.ellipse(x, top, size, size * 0.9, color)
                canvas.ellipse(x - size * 0.15, top - size * 0.12, size * 0.5, size * 0.4, color.mixed(with: RGB(200, 220, 140), 0.3), 0.5)
                x += size * random(0.4, 0.7)
            }
        }
        canvas.gradient(from: horizon, to: h, [RGB(122, 168, 78), RGB(98, 150, 62), RGB(64, 116, 46)])
        let stripes = 9
        for i in 0..<stripes where i % 2 == 0 {
            let a = w * (Double(i) / Double(stripes) * 3 - 1), b = w * (Double(i + 1) / Double(stripes) * 3 - 1)
            canvas.polygon([(w * 0.5, horizon), (a, h), (b, h)], .white, 0.04)
        }
    }

    static func tree(_ canvas: borrowing Easel, at root: Easel.Point, size: Double, _ random: inout SceneRandom) {
        canvas.line(root, (root.x + size * 0.05, root.y - size * 0.8), width: size * 0.09, RGB(72, 56, 44))
        for _ in 0..<70 {
            let p = Easel.around(
                (root.x, root.y - size * 1.05), radius: size * 0.55 * random(0, 1).squareRoot(), turns: random(0, 1), squash: 0.8)
            let leaf = random(0.18, 0.32) * size, color = random.pick(leafColors)
            canvas.ellipse(p.x, p.y, leaf, leaf * 0.85, color)
            canvas.ellipse(p.x - leaf * 0.15, p.y - leaf * 0.2, leaf * 0.5, leaf * 0.4, color.mixed(with: RGB(210, 230, 130), 0.4), 0.45)
        }
    }

    /// A round table in a white cloth, flowers and glasses on it, two chairs drawn up.
    static func table(_ canvas: borrowing Easel, at center: Easel.Point, size: Double, _ random: inout SceneRandom) {
        let cloth = RGB(238, 236, 228), drop = size * 0.4
        canvas.ellipse(center.x + size * 0.1, center.y + drop, size * 1.5, size * 0.3, .black, 0.22)
        for side in [-1.0, 1.0] { chair(canvas, at: (center.x + side * size * 0.62, center.y + drop * 0.9), size: size * 0.5) }
        canvas.polygon(
            [
                (center.x - size * 0.5, center.y), (center.x + size * 0.5, center.y),
                (center.x + size * 0.58, center.y + drop), (center.x - size * 0.58, center.y + drop),
            ], cloth)
        canvas.ellipse(center.x, center.y + drop, size * 1.16, size * 0.14, cloth)
        for k in 1..<8 {
            let t = Double(k) / 8 - 0.5
            canvas.line(
                (center.x + t * size, center.y + size * 0.05),
                (center.x + t * size * 1.16, center.y + drop + size * 0.06 * (1 - 4 * t * t)),
                width: size * 0.02, RGB(150, 150, 150), 0.12)
        }
        canvas.polygon(
            [
                (center.x + size * 0.15, center.y), (center.x + size * 0.5, center.y),
                (center.x + size * 0.58, center.y + drop), (center.x + size * 0.25, center.y + drop + size * 0.06),
            ], RGB(120, 130, 130), 0.15)
        canvas.ellipse(center.x, center.y, size * 1.02, size * 0.24, RGB(250, 249, 244))
        canvas.rect(center.x - size * 0.03, center.y - size * 0.14, size * 0.06, size * 0.14, .white, 0.5)
        for _ in 0..<14 {
            let bloom = size * random(0.06, 0.1)
            canvas.ellipse(
                center.x + size * random(-0.12, 0.12), center.y - size * random(0.14, 0.26), bloom, bloom,
                random.pick(flowerColors + leafColors))
        }
        for k in 0..<4 {
            let x = center.x + size * (Double(k) - 1.5) * 0.24 + size * 0.1, y = center.y + size * random(-0.04, 0.05)
            canvas.rect(x, y - size * 0.1, size * 0.035, size * 0.1, .white, 0.6)
        }
    }

    /// A white marquee: its roof peaks and open front, in the shade under the eaves.
    static func marquee(_ canvas: borrowing Easel, at base: Easel.Point, size: Double) {
        let white = RGB(244, 242, 236), left = base.x - size, right = base.x + size, eave = base.y - size * 0.45
        canvas.rect(left, eave, size * 2, base.y - eave, RGB(120, 118, 110))
        canvas.polygon(
            [(left - size * 0.06, eave + size * 0.08), (right + size * 0.06, eave + size * 0.08), (right, eave), (left, eave)], white)
        for k in 0..<3 {
            let x = left + size * (2 * Double(k) + 1) / 3
            canvas.polygon([(x - size / 3, eave), (x, eave - size * 0.38), (x + size / 3, eave)], white)
            canvas.polygon([(x, eave - size * 0.38), (x + size / 3, eave), (x, eave)], .black, 0.06)
        }
        for k in 0...3 {
            let x = left + size * 2 * Double(k) / 3
            canvas.rect(x - size * 0.015, eave, size * 0.03, base.y - eave, white)
        }
        for k in 0..<6 {
            let x = left + size * (Double(k) + 0.5) / 3
            canvas.glow((x, eave + size * 0.1), radius: size * 0.05, RGB(255, 214, 130), 0.8, rings: 5)
        }
    }

    /// A white folding chair seen from behind: its back and legs.
    static func chair(_ canvas: borrowing Easel, at foot: Easel.Point, size: Double) {
        let color = RGB(246, 244, 238)
        for dx in [-0.3, 0.3] {
            canvas.line((foot.x + dx * size, foot.y), (foot.x + dx * size, foot.y - size * 1.1), width: size * 0.06, color)
        }
        canvas.rect(foot.x - size * 0.33, foot.y - size * 1.1, size * 0.66, size * 0.22, color)
        canvas.rect(foot.x - size * 0.33, foot.y - size * 0.6, size * 0.66, size * 0.06, color)
    }

    /// Festoon lights: the wire, each bulb with its glow.
    static func lights(_ canvas: borrowing Easel, along points: [Easel.Point], size: Double) {
        canvas.polyline(points, width: max(1.5, size * 0.15), RGB(30, 30, 30))
        for p in points.dropFirst().dropLast() {
            canvas.glow((p.x, p.y + size), radius: size * 3, RGB(255, 214, 130), 0.55, rings: 10)
            canvas.ellipse(p.x, p.y + size, size, size * 1.3, RGB(255, 244, 210))
        }
    }

    static func bunting(_ canvas: borrowing Easel, along points: [Easel.Point], size: Double, _ random: inout SceneRandom) {
        let colors = [RGB(236, 120, 130), RGB(250, 214, 120), RGB(130, 190, 210), RGB(250, 250, 244), RGB(150, 196, 140)]
        canvas.polyline(points, width: 2, RGB(240, 240, 236))
        let start = random.int(0, colors.count - 1)
        for (i, (a, b)) in zip(points, points.dropFirst()).enumerated() {
            let tip = (x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + size)
            canvas.polygon([a, b, tip], colors[(start + i) % colors.count])
            canvas.polygon([((a.x + b.x) / 2, (a.y + b.y) / 2), b, tip], .black, 0.08)
        }
    }

    /// Flowers so near the lens that they are soft discs of colour along the bottom edge.
    static func foregroundBlooms(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        for _ in 0..<random.int(8, 16) {
            let at = (x: w * random(-0.05, 1.05), y: h * random(0.92, 1.04)), radius = short * random(0.04, 0.1)
            let color = random.chance(0.5) ? random.pick(leafColors) : random.pick(flowerColors)
            canvas.glow(at, radius: radius, color, 0.9, rings: 8)
        }
    }
}
