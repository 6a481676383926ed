/// Beach Day: the shore at midday, a sunset over the water, and a crème brûlée on the
/// café table. Sky on top, ground below: which way is up shows at a glance.
enum BeachScenes {
    static func shore(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        // Three ways to frame it: the usual, looking down at the sand, or mostly sky.
        let framing = random.int(0, 2)
        let horizon = h * [random(0.34, 0.44), random(0.22, 0.3), random(0.52, 0.6)][framing]
        let shore = horizon + (h - horizon) * random(0.36, 0.5) * (framing == 1 ? 0.6 : 1)
        canvas.gradient(from: 0, to: horizon, [RGB(46, 104, 182), RGB(92, 152, 214), RGB(168, 204, 234), RGB(222, 236, 244)])
        let sun = (x: w * random(0.12, 0.55), y: horizon * random(0.16, 0.42))
        canvas.glow(sun, radius: short * 0.42, RGB(255, 248, 230), 0.5)
        canvas.glow(sun, radius: short * 0.09, .white, 0.9, rings: 10)
        canvas.ellipse(sun.x, sun.y, short * 0.06, short * 0.06, .white)
        for _ in 0..<random.int(1, framing == 2 ? 5 : 3) {
            canvas.cloud((w * random(0, 1), horizon * random(0.2, 0.85)), width: w * random(0.2, 0.4), &random)
        }
        if random.chance(0.7) { headland(canvas, horizon: horizon, onLeft: sun.x > w / 2, &random) }
        canvas.gradient(from: horizon, to: shore, [RGB(40, 96, 142), RGB(34, 122, 158), RGB(46, 160, 172), RGB(96, 200, 192)])
        if random.chance(0.6) { sailboat(canvas, at: (w * random(0.1, 0.9), horizon), size: short * 0.05) }
        // Lanes of calmer water, glitter under the sun, then wave crests, closer together towards the horizon.
        for _ in 0..<6 {
            let y = random(horizon, shore)
            canvas.rect(0, y, w, (shore - horizon) * random(0.01, 0.05), RGB(150, 210, 220), 0.12)
        }
        for _ in 0..<70 {
            let t = random(0, 1) * random(0, 1), y = horizon + (shore - horizon) * t
            let x = sun.x + (random(0, 1) - 0.5) * w * (0.05 + 0.3 * t), length = w * random(0.01, 0.03)
            canvas.leaf((x - length / 2, y), (x + length / 2, y), width: 1.5 + 3 * t, .white, 0.6)
        }
        for row in 1..<40 {
            let t = Double(row) / 40, y = horizon + (shore - horizon) * t * t
            for _ in 0..<random.int(3, 8) {
                let x = w * random(-0.1, 1), length = w * random(0.02, 0.1) * (0.3 + t)
                let thick = 1.5 + 5 * t * random(0.4, 1)
                canvas.leaf((x - length / 2, y + thick), (x + length / 2, y + thick), width: thick * 1.4, RGB(16, 64, 100), 0.15)
                canvas.leaf((x - length / 2, y), (x + length / 2, y), width: thick, .white, random(0.3, 0.7) * (0.4 + t))
            }
        }
        canvas.gradient(from: shore, to: h, [RGB(226, 204, 158), RGB(236, 216, 174), RGB(222, 198, 154)])
        for _ in 0..<500 {
            let size = random(1, 4)
            canvas.ellipse(w * random(0, 1), random(shore, h), size, size * 0.7, random.pick([RGB(176, 150, 108), .white]), 0.35)
        }
        surf(canvas, shore: shore, &random)
        if random.chance(0.5) { footprints(canvas, from: (w * random(0.2, 0.8), h), to: (w * random(0.1, 0.9), shore + h * 0.03), &random) }
        for _ in 0..<random.int(0, 3) {
            CityScenes.bird(
                canvas, at: (w * random(0.1, 0.9), horizon * random(0.3, 0.8)), size: short * random(0.012, 0.02), RGB(250, 250, 250))
        }
        if random.chance(0.35) { ball(canvas, at: (w * random(0.1, 0.9), shore + (h - shore) * random(0.3, 0.6)), size: short * 0.09) }
        if framing == 1 || random.chance(0.5) {
            towel(canvas, at: (w * random(0.15, 0.7), h - (h - shore) * random(0.2, 0.45)), size: short * 0.3, &random)
        }
        if framing == 1 || random.chance(0.6) {
            let base = (x: w * random(0.12, 0.88), y: shore + (h - shore) * random(0.45, 0.8))
            umbrella(canvas, at: base, size: short * 0.34 * (base.y - horizon) / (h - horizon), &random)
        }
        if framing == 2 && random.chance(0.7) || random.chance(0.1) { palm(canvas, onLeft: sun.x > w / 2, &random) }
        canvas.vignette(0.45)
    }

    static func sunset(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        let horizon = h * random(0.56, 0.64)
        canvas.gradient(
            from: 0, to: horizon, [RGB(30, 36, 86), RGB(88, 62, 118), RGB(192, 94, 104), RGB(244, 148, 82), RGB(252, 198, 118)])
        let sun = (x: w * random(0.35, 0.6), y: horizon - short * random(0.01, 0.05))
        canvas.glow(sun, radius: short * 0.7, RGB(255, 186, 104), 0.6)
        canvas.glow(sun, radius: short * 0.16, RGB(255, 226, 170), 0.8)
        canvas.ellipse(sun.x, sun.y, short * 0.11, short * 0.11, RGB(255, 238, 196))
        for _ in 0..<random.int(4, 7) {
            let y = horizon * random(0.25, 0.85), length = w * random(0.25, 0.6), x = w * random(0, 1)
            canvas.ellipse(x, y, length, h * random(0.012, 0.03), RGB(120, 70, 112), 0.45)
            canvas.ellipse(x, y - h * 0.006, length * 0.8, h * 0.008, RGB(255, 170, 130), 0.4)
        }
        headland(canvas, horizon: horizon, onLeft: random.chance(0.5), &random, tint: RGB(52, 34, 58))
        canvas.gradient(from: horizon, to: h, [RGB(170, 92, 96), RGB(84, 56, 94), RGB(30, 28, 60)])
        // The sun's path on the water: short bars, wider and fainter towards us.
        var y = horizon
        while y < h {
            let t = (y - horizon) / (h - horizon), width = short * (0.06 + 0.5 * t) * random(0.3, 1)
            canvas.ellipse(sun.x + short * random(-0.03, 0.03) * t, y, width, 2 + 6 * t, RGB(255, 204, 130), 0.6 - 0.35 * t)
            y += 2 + 10 * t * random(0.5, 1.5)
        }
        if random.chance(0.7) {
            let boat = (x: w * random(0.15, 0.85), y: horizon + (h - horizon) * random(0.05, 0.15))
            sailboat(canvas, at: boat, size: short * 0.09, sail: RGB(40, 26, 44), hull: RGB(30, 20, 36))
        }
        canvas.vignette(0.6)
    }

    /// Overhead, on a wooden table: the ramekin, its burnt sugar, raspberries, a spoon.
    static func dessert(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        let planks = 5, wood = RGB(148, 102, 68)
        for i in 0..<planks {
            let x = w * Double(i) / Double(planks),
                tone = wood.mixed(with: random.pick([RGB(96, 62, 40), RGB(186, 140, 96)]), random(0, 0.35))
            canvas.gradient(
                from: 0, to: h, [tone.mixed(with: .white, 0.08), tone, tone.mixed(with: .black, 0.12)], x: x, width: w / Double(planks))
            for _ in 0..<40 {
                let gx = x + random(0.02, 0.98) * w / Double(planks), top = random(-0.2, 1) * h
                canvas.line((gx, top), (gx + random(-8, 8), top + h * random(0.1, 0.5)), width: random(1, 4), RGB(70, 44, 28), 0.18)
            }
            canvas.rect(x - 3, 0, 6, h, RGB(52, 32, 20), 0.7)
        }
        canvas.glow((w * 0.1, h * 0.05), radius: short * 1.1, RGB(255, 236, 210), 0.45)
        let center = (x: w * random(0.42, 0.56), y: h * random(0.42, 0.52)), r = short * 0.3
        // A linen napkin under it, at a slant.
        let slant = random(-0.25, 0.25) * r
        let napkin = [
            (center.x - r * 1.5 + slant, center.y - r * 0.7), (center.x + r * 1.4, center.y - r * 0.9 + slant),
            (center.x + r * 1.5 - slant, center.y + r * 1.6), (center.x - r * 1.3, center.y + r * 1.5 - slant),
        ]
        canvas.polygon(napkin.map { ($0.0 + r * 0.05, $0.1 + r * 0.06) }, .black, 0.25)
        canvas.polygon(napkin, RGB(236, 232, 222))
        canvas.glow((center.x + r * 0.14, center.y + r * 0.18), radius: r * 1.25, .black, 0.45)
        // The ramekin: fluted outside, a white rim, the caramel.
        for i in 0..<36 {
            let p = Easel.around(center, radius: r * 0.96, turns: Double(i) / 36)
            canvas.ellipse(p.x, p.y, r * 0.2, r * 0.2, RGB(226, 224, 220))
        }
        canvas.ellipse(center.x, center.y, r * 1.95, r * 1.95, RGB(244, 243, 240))
        canvas.ellipse(center.x + r * 0.03, center.y + r * 0.03, r * 1.72, r * 1.72, RGB(214, 210, 204))
        canvas.ellipse(center.x, center.y, r * 1.66, r * 1.66, RGB(198, 126, 50))
        canvas.glow((center.x - r * 0.2, center.y - r * 0.2), radius: r * 0.75, RGB(232, 170, 84), 0.9)
        for _ in 0..<40 {
            let p = Easel.around(center, radius: r * 0.8 * random(0, 1).squareRoot(), turns: random(0, 1)), size = r * random(0.04, 0.16)
            canvas.ellipse(p.x, p.y, size, size * random(0.5, 1), RGB(110, 58, 20), 0.3)
        }
        canvas.ellipse(center.x - r * 0.35, center.y - r * 0.4, r * 0.3, r * 0.12, .white, 0.35)
        for k in 0..<random.int(2, 3) {
            let p = Easel.around(center, radius: r * 0.5, turns: random(0.05, 0.3) + Double(k) * 0.09)
            raspberry(canvas, at: p, size: r * 0.26)
        }
        let stem = Easel.around(center, radius: r * 0.5, turns: 0.02)
        canvas.leaf(stem, (stem.x + r * 0.35, stem.y - r * 0.1), width: r * 0.16, RGB(58, 128, 56))
        canvas.leaf(stem, (stem.x + r * 0.2, stem.y + r * 0.3), width: r * 0.14, RGB(74, 146, 64))
        // A spoon beside it.
        let bowl = (x: center.x + r * 1.3, y: center.y - r * 0.2)
        canvas.line((bowl.x + r * 0.05, bowl.y + r * 0.35), (bowl.x + r * 0.12, bowl.y + r * 2.1), width: r * 0.12, .black, 0.2)
        canvas.line((bowl.x, bowl.y + r * 0.3), (bowl.x + r * 0.06, bowl.y + r * 2.05), width: r * 0.1, RGB(190, 192, 198))
        canvas.ellipse(bowl.x + r * 0.04, bowl.y + r * 0.05, r * 0.36, r * 0.62, .black, 0.2)
        canvas.ellipse(bowl.x, bowl.y, r * 0.34, r * 0.6, RGB(176, 178, 186))
        canvas.ellipse(bowl.x - r * 0.05, bowl.y - r * 0.1, r * 0.12, r * 0.3, .white, 0.6)
        canvas.vignette(0.5)
    }

    // MARK: Parts

    static func headland(_ canvas: borrowing Easel, horizon: Double, onLeft: Bool, _ random: inout SceneRandom, tint: RGB? = nil) {
        let w = canvas.width, h = canvas.height
        for layer in 0..<2 {
            let reach = w * random(0.2, 0.42) * (layer == 0 ? 1 : 0.7), height = h * random(0.03, 0.07) * (layer == 0 ? 1 : 1.3)
            var points: [Easel.Point] = [(0, horizon + 2)]
            for i in 0...12 {
                let t = Double(i) / 12
                points.append((reach * t, horizon - height * (1 - t * t) * random(0.8, 1)))
            }
            points.append((reach, horizon + 2))
            let color = tint ?? (layer == 0 ? RGB(132, 160, 180) : RGB(96, 128, 124))
            canvas.polygon(points.map { onLeft ? $0 : (w - $0.x, $0.y) }, color)
        }
    }

    static func sailboat(
        _ canvas: borrowing Easel, at base: Easel.Point, size: Double, sail: RGB = RGB(248, 248, 244), hull: RGB = RGB(60, 70, 90)
    ) {
        canvas.polygon([(base.x, base.y - size), (base.x + size * 0.5, base.y - size * 0.1), (base.x, base.y - size * 0.1)], sail)
        canvas.polygon(
            [
                (base.x - size * 0.05, base.y - size * 0.8), (base.x - size * 0.35, base.y - size * 0.1),
                (base.x - size * 0.05, base.y - size * 0.1),
            ], sail)
        canvas.polygon(
            [
                (base.x - size * 0.5, base.y - size * 0.08), (base.x + size * 0.6, base.y - size * 0.08),
                (base.x + size * 0.45, base.y + size * 0.05),
                (base.x - size * 0.4, base.y + size * 0.05),
            ], hull)
    }

    /// The edge of the sea: shallow water over the sand, foam that scallops along the beach,
    /// wet sand below it, and a fainter line of foam breaking further out.
    static func surf(_ canvas: borrowing Easel, shore: Double, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height
        let (period, phase) = (w * random(0.15, 0.3), random(0, 1))
        func edge(_ x: Double) -> Double {
            let f = x / period + phase, t = f - f.rounded(.down)
            return shore + h * 0.02 * (0.3 + 0.7 * 4 * t * (1 - t))
        }
        let xs = stride(from: 0.0, through: w, by: w / 100).map { $0 }
        canvas.polygon(xs.map { ($0, edge($0)) } + xs.reversed().map { ($0, edge($0) + h * 0.035) }, RGB(150, 126, 92), 0.3)
        canvas.polygon(xs.map { ($0, shore - h * 0.01) } + xs.reversed().map { ($0, edge($0)) }, RGB(120, 204, 198), 0.75)
        canvas.polygon(xs.map { ($0, edge($0) - h * 0.003) } + xs.reversed().map { ($0, edge($0) + h * 0.005) }, .white, 0.85)
        for x in xs where random.chance(0.7) {
            canvas.ellipse(x, edge(x) - h * random(0, 0.012), w * random(0.005, 0.02), h * 0.004, .white, 0.45)
        }
        let out = shore - h * 0.03
        canvas.polygon(xs.map { ($0, out + (edge($0) - shore) * 0.5) } + xs.reversed().map { ($0, out + h * 0.005) }, .white, 0.45)
    }

    /// A palm leaning in from the side, its fronds hanging over the top of the picture.
    static func palm(_ canvas: borrowing Easel, onLeft: Bool, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        func flip(_ p: Easel.Point) -> Easel.Point { onLeft ? p : (w - p.x, p.y) }
        let crown = (x: short * random(0.08, 0.2), y: h * random(0.08, 0.16))
        let trunk = Easel.rope(from: (-short * 0.05, h * 1.02), to: crown, sag: -short * 0.15, count: 12)
        for (i, (a, b)) in zip(trunk, trunk.dropFirst()).enumerated() {
            canvas.line(flip(a), flip(b), width: short * (0.055 - 0.002 * Double(i)), RGB(92, 70, 50))
            canvas.line(flip(a), flip(b), width: short * 0.015, RGB(130, 100, 70), 0.5)
        }
        for k in 0..<9 {
            let tip = Easel.around(crown, radius: short * random(0.3, 0.5), turns: -0.45 + Double(k) * 0.11 + random(-0.03, 0.03))
            let frond = Easel.rope(from: crown, to: (tip.x, tip.y + short * 0.06), sag: short * random(0.03, 0.08), count: 10)
            for (i, (a, b)) in zip(frond, frond.dropFirst()).enumerated() {
                let length = short * 0.09 * (1 - Double(i) / 12)
                for side in [-1.0, 1.0] {
                    canvas.leaf(flip(a), flip((b.x + side * length * 0.3, b.y + length)), width: short * 0.018, RGB(34, 78, 40))
                }
                canvas.line(flip(a), flip(b), width: short * 0.008, RGB(50, 90, 40))
            }
        }
    }

    static func umbrella(_ canvas: borrowing Easel, at base: Easel.Point, size: Double, _ random: inout SceneRandom) {
        let lean = size * random(-0.25, 0.25), top = (x: base.x + lean, y: base.y - size * 1.1)
        let colors = random.pick([
            [RGB(214, 54, 58), .white], [RGB(30, 110, 170), RGB(250, 240, 220)], [RGB(242, 176, 40), RGB(240, 96, 64)],
        ])
        canvas.ellipse(base.x + size * 0.4, base.y + size * 0.04, size * 1.6, size * 0.22, RGB(90, 70, 40), 0.3)
        canvas.line(base, top, width: size * 0.035, RGB(236, 232, 224))
        let slices = 8
        for i in 0..<slices {
            let a = Double(i) / Double(slices), b = Double(i + 1) / Double(slices)
            func rim(_ t: Double) -> Easel.Point { (top.x + (t - 0.5) * size * 1.5, top.y + size * 0.32 + size * 0.06 * 4 * t * (1 - t)) }
            canvas.polygon([(top.x, top.y - size * 0.04), rim(a), rim(b)], colors[i % 2])
            canvas.polygon([(top.x, top.y - size * 0.04), rim(a), rim(b)], .black, 0.06 * Double(i))
        }
    }

    static func towel(_ canvas: borrowing Easel, at center: Easel.Point, size: Double, _ random: inout SceneRandom) {
        let colors = random.pick([[RGB(232, 92, 84), RGB(250, 244, 232)], [RGB(60, 150, 176), RGB(250, 214, 90)]])
        let along = (x: size * 1.4, y: size * random(-0.2, 0.2)), across = (x: -size * 0.12, y: size * 0.45)
        for i in 0..<6 {
            let a = Double(i) / 6, b = Double(i + 1) / 6
            func corner(_ t: Double, _ s: Double) -> Easel.Point {
                (center.x + along.x * (t - 0.5) + across.x * (s - 0.5), center.y + along.y * (t - 0.5) + across.y * (s - 0.5))
            }
            canvas.polygon([corner(a, 0), corner(b, 0), corner(b, 1), corner(a, 1)], colors[i % 2])
        }
    }

    static func footprints(_ canvas: borrowing Easel, from start: Easel.Point, to end: Easel.Point, _ random: inout SceneRandom) {
        let steps = 26, sway = random(-0.2, 0.2) * canvas.width
        for i in 0..<steps {
            let t = Double(i) / Double(steps), size = min(canvas.width, canvas.height) * 0.03 * (1 - t * 0.7)
            let x = start.x + (end.x - start.x) * t + sway * 4 * t * (1 - t) + (i % 2 == 0 ? -size : size) * 0.6
            let y = start.y + (end.y - start.y) * t
            canvas.ellipse(x, y, size * 0.6, size, RGB(150, 124, 88), 0.35)
        }
    }

    static func ball(_ canvas: borrowing Easel, at center: Easel.Point, size: Double) {
        canvas.ellipse(center.x + size * 0.3, center.y + size * 0.45, size * 1.1, size * 0.3, RGB(120, 96, 60), 0.35)
        canvas.ellipse(center.x, center.y, size, size, .white)
        for (k, color) in [RGB(226, 52, 52), RGB(250, 200, 40), RGB(40, 120, 210)].enumerated() {
            let a = Double(k) / 3, points = (0...8).map { Easel.around(center, radius: size / 2, turns: a + Double($0) / 8 / 6) }
            canvas.polygon([center] + points, color)
        }
        canvas.ellipse(center.x - size * 0.18, center.y - size * 0.2, size * 0.3, size * 0.22, .white, 0.5)
    }

    static func raspberry(_ canvas: borrowing Easel, at center: Easel.Point, size: Double) {
        canvas.ellipse(center.x + size * 0.08, center.y + size * 0.1, size, size, .black, 0.3)
        canvas.ellipse(center.x, center.y, size, size, RGB(170, 22, 52))
        for i in 0..<10 {
            let p = Easel.around(center, radius: size * (i < 7 ? 0.3 : 0.1), turns: Double(i) / 7)
            canvas.ellipse(p.x, p.y, size * 0.3, size * 0.3, RGB(212, 54, 84), 0.8)
            canvas.ellipse(p.x - size * 0.05, p.y - size * 0.05, size * 0.1, size * 0.1, .white, 0.5)
        }
    }
}
