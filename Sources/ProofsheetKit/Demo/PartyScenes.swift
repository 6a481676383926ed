/// Garden Party close up: the table setting from above, the last toast under the lights,
/// and a sketch of the garden on paper (the album's PNG).
enum PartyScenes {
    static func tableSetting(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        canvas.rect(0, 0, w, h, RGB(240, 237, 230))
        for x in stride(from: 0.0, to: w, by: 4) { canvas.rect(x, 0, 1, h, RGB(180, 170, 150), 0.05) }
        for y in stride(from: 0.0, to: h, by: 4) { canvas.rect(0, y, w, 1, RGB(180, 170, 150), 0.05) }
        canvas.glow((w * 0.15, h * 0.1), radius: w * 0.8, RGB(255, 248, 230), 0.4)
        // A garland of leaves and flowers down the middle.
        let (middle, wave) = (h * random(0.44, 0.56), h * 0.04)
        for i in 0..<90 {
            let t = Double(i) / 90, x = w * (t * 1.1 - 0.05), y = middle + wave * Easel.cosineAndSine(t * 2.5).1
            let tip = Easel.around((x, y), radius: short * random(0.05, 0.09), turns: random(0, 1))
            canvas.leaf((x, y + 3), (tip.x, tip.y + 3), width: short * 0.035, .black, 0.12)
            canvas.leaf((x, y), tip, width: short * 0.035, random.pick([RGB(118, 148, 118), RGB(92, 128, 100), RGB(150, 172, 140)]))
        }
        for _ in 0..<random.int(5, 8) {
            let x = w * random(0.05, 0.95), y = middle + wave * random(-1, 1)
            bloom(canvas, at: (x, y), size: short * random(0.05, 0.08), random.pick(GardenScenes.flowerColors))
        }
        for _ in 0..<3 {
            let at = (x: w * random(0.1, 0.9), y: middle + h * random(-0.1, 0.1))
            canvas.ellipse(at.x + 3, at.y + 4, short * 0.06, short * 0.06, .black, 0.2)
            canvas.ellipse(at.x, at.y, short * 0.055, short * 0.055, RGB(250, 246, 232))
            canvas.glow(at, radius: short * 0.05, RGB(255, 200, 110), 0.6, rings: 8)
            canvas.ellipse(at.x, at.y, short * 0.012, short * 0.018, RGB(255, 240, 200))
        }
        // Places on both sides, each plate with its napkin, cutlery and glass.
        let napkin = random.pick([RGB(200, 160, 160), RGB(168, 184, 160), RGB(214, 196, 168)])
        let places = random.int(2, 3)
        for side in [0.0, 1.0] {
            for k in 0..<places {
                let x = w * (Double(k) + 0.5) / Double(places) + w * random(-0.03, 0.03)
                let y = side == 0 ? middle - h * 0.3 : middle + h * 0.3
                place(canvas, at: (x, y), size: short * 0.3, napkin: napkin, glassAbove: side == 1, &random)
            }
        }
        canvas.vignette(0.4)
    }

    static func place(
        _ canvas: borrowing Easel, at c: Easel.Point, size: Double, napkin: RGB, glassAbove: Bool, _ random: inout SceneRandom
    ) {
        canvas.ellipse(c.x + size * 0.04, c.y + size * 0.05, size * 1.02, size * 1.02, .black, 0.18)
        canvas.ellipse(c.x, c.y, size, size, RGB(206, 188, 150))
        canvas.ellipse(c.x, c.y, size * 0.86, size * 0.86, RGB(252, 252, 250))
        canvas.ellipse(c.x, c.y, size * 0.6, size * 0.6, RGB(240, 240, 236))
        canvas.polygon(
            [
                (c.x - size * 0.18, c.y - size * 0.2), (c.x + size * 0.2, c.y - size * 0.16),
                (c.x + size * 0.16, c.y + size * 0.22), (c.x - size * 0.2, c.y + size * 0.18),
            ], napkin)
        canvas.line((c.x - size * 0.18, c.y), (c.x + size * 0.18, c.y + size * 0.02), width: size * 0.02, napkin.mixed(with: .black, 0.2))
        for (dx, length) in [(-0.62, 0.75), (-0.7, 0.7), (0.62, 0.8), (0.7, 0.7)] {
            canvas.rect(c.x + size * dx + 2, c.y - size * length / 2 + 3, size * 0.035, size * length, .black, 0.15)
            canvas.rect(c.x + size * dx, c.y - size * length / 2, size * 0.035, size * length, RGB(196, 198, 204))
        }
        let glass = (x: c.x + size * 0.62, y: c.y + (glassAbove ? -1 : 1) * size * 0.62)
        canvas.ellipse(glass.x + size * 0.05, glass.y + size * 0.06, size * 0.3, size * 0.3, .black, 0.12)
        canvas.ellipse(glass.x, glass.y, size * 0.3, size * 0.3, .white, 0.3)
        if random.chance(0.6) { canvas.ellipse(glass.x, glass.y, size * 0.22, size * 0.22, RGB(150, 30, 54), 0.75) }
        canvas.ellipse(glass.x - size * 0.06, glass.y - size * 0.06, size * 0.07, size * 0.05, .white, 0.8)
    }

    static func bloom(_ canvas: borrowing Easel, at c: Easel.Point, size: Double, _ color: RGB) {
        for i in 0..<6 {
            let p = Easel.around(c, radius: size * 0.3, turns: Double(i) / 6)
            canvas.ellipse(p.x, p.y, size * 0.55, size * 0.55, color.mixed(with: .black, 0.08))
        }
        canvas.ellipse(c.x, c.y, size * 0.5, size * 0.5, color.mixed(with: .white, 0.3))
        canvas.ellipse(c.x, c.y, size * 0.18, size * 0.18, RGB(220, 170, 60))
    }

    /// Two glasses of sparkling wine meeting, the garden's lights soft behind them.
    static func toast(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        canvas.gradient(from: 0, to: h, [RGB(16, 22, 36), RGB(34, 40, 54), RGB(70, 56, 52), RGB(30, 24, 24)])
        for _ in 0..<70 {
            let at = (x: w * random(-0.05, 1.05), y: h * random(-0.05, 0.75)), size = short * random(0.03, 0.14)
            let color = random.pick([RGB(255, 200, 120), RGB(255, 170, 90), RGB(255, 232, 190), RGB(200, 220, 255)])
            canvas.ellipse(at.x, at.y, size, size, color, random(0.12, 0.35))
            canvas.ellipse(at.x, at.y, size * 0.9, size * 0.9, color, 0.12)
        }
        canvas.rect(0, h * 0.82, w, h * 0.18, RGB(40, 30, 28))
        canvas.gradient(from: h * 0.82, to: h, [RGB(90, 64, 50), RGB(30, 22, 20)])
        let meet = (x: w * random(0.44, 0.56), y: h * random(0.34, 0.42)), size = short * 0.5
        flute(canvas, rim: (meet.x - size * 0.19, meet.y), lean: 0.14, size: size, &random)
        flute(canvas, rim: (meet.x + size * 0.19, meet.y), lean: -0.14, size: size, &random)
        canvas.glow((meet.x, meet.y + short * 0.01), radius: short * 0.025, .white, 0.7, rings: 8)
        canvas.vignette(0.6)
    }

    /// A champagne flute, its rim centred on `rim`, leaning by `lean` (a shear).
    static func flute(_ canvas: borrowing Easel, rim: Easel.Point, lean: Double, size: Double, _ random: inout SceneRandom) {
        func at(_ x: Double, _ y: Double) -> Easel.Point { (rim.x + x * size + y * size * lean, rim.y + y * size) }
        let bowl = (0...10).map { i -> Double in
            let t = Double(i) / 10; return 0.16 * (1 - t * t * t) + 0.03
        }
        let left = bowl.enumerated().map { at(-$0.element, Double($0.offset) * 0.05) }
        let right = bowl.enumerated().reversed().map { at($0.element, Double($0.offset) * 0.05) }
        canvas.polygon(left + right, .white, 0.12)
        let wine = (2...10).map { bowl[$0] * 0.92 }
        canvas.polygon(
            wine.enumerated().map { at(-$0.element, Double($0.offset + 2) * 0.05) }
                + wine.enumerated().reversed().map { at($0.element, Double($0.offset + 2) * 0.05) }, RGB(240, 196, 100), 0.8)
        for _ in 0..<24 {
            let y = random(0.14, 0.48), x = random(-0.08, 0.08) * (0.6 - y)
            let p = at(x, y)
            canvas.ellipse(p.x, p.y, 3, 3, RGB(255, 248, 220), 0.8)
        }
        canvas.polyline(left, width: 2.5, .white, 0.55)
        canvas.polyline(right, width: 2.5, .white, 0.35)
        canvas.line(at(-0.1, 0.06), at(-0.06, 0.36), width: size * 0.012, .white, 0.5)
        canvas.line(at(0, 0.52), at(0, 0.95), width: size * 0.018, .white, 0.4)
        let foot = at(0, 0.96)
        canvas.ellipse(foot.x, foot.y, size * 0.3, size * 0.05, .white, 0.35)
    }

    /// A pencil and watercolour sketch of the garden on cream paper.
    static func sketch(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        canvas.rect(0, 0, w, h, RGB(247, 242, 230))
        for _ in 0..<1500 { canvas.rect(w * random(0, 1), h * random(0, 1), 2, 2, RGB(190, 180, 160), 0.15) }
        let horizon = h * random(0.5, 0.58), pencil = RGB(58, 56, 64)
        // Washes first, loosely, then the pencil over them.
        for _ in 0..<10 {
            canvas.ellipse(
                w * random(0, 1), horizon * random(0.1, 0.6), w * random(0.2, 0.4), h * random(0.08, 0.16), RGB(130, 176, 214), 0.16)
        }
        for _ in 0..<10 {
            canvas.ellipse(
                w * random(0.05, 0.95), random(horizon, h * 0.95), w * random(0.15, 0.35), h * random(0.04, 0.08), RGB(160, 196, 110), 0.22)
        }
        canvas.polyline((0...20).map { (w * Double($0) / 20, horizon + h * random(-0.004, 0.004)) }, width: 2, pencil, 0.7)
        var x = w * random(-0.05, 0.05)
        while x < w {
            let r = short * random(0.06, 0.11), center = (x: x, y: horizon - r * random(0.7, 1.1))
            canvas.ellipse(center.x, center.y, r * 2, r * 1.8, RGB(110, 160, 100), 0.3)
            canvas.polyline(
                (0...30).map { Easel.around(center, radius: r * random(0.92, 1.06), turns: Double($0) / 28) }, width: 2, pencil, 0.7)
            for k in 0..<8 {
                let a = Easel.around(center, radius: r * 0.7, turns: 0.02 + Double(k) * 0.03)
                canvas.line(a, (a.x - r * 0.25, a.y - r * 0.25), width: 1.5, pencil, 0.45)
            }
            canvas.line((center.x, center.y + r * 0.85), (center.x, horizon), width: 2.5, pencil, 0.7)
            x += r * random(1.6, 2.4)
        }
        let table = (x: w * random(0.35, 0.65), y: horizon + (h - horizon) * 0.4), size = short * 0.34
        canvas.polygon(
            [
                (table.x - size / 2, table.y), (table.x + size / 2, table.y), (table.x + size * 0.54, table.y + size * 0.45),
                (table.x - size * 0.54, table.y + size * 0.45),
            ], .white, 0.8)
        canvas.polyline(
            (0...36).map { Easel.around(table, radius: size / 2, turns: Double($0) / 36, squash: 0.25) }, width: 2.2, pencil, 0.8)
        canvas.polyline(
            [
                (table.x - size / 2, table.y), (table.x - size * 0.54, table.y + size * 0.45),
                (table.x + size * 0.54, table.y + size * 0.45),
                (table.x + size / 2, table.y),
            ], width: 2.2, pencil, 0.8)
        for i in 0..<14 {
            let a = (x: table.x + size * (0.18 + Double(i) * 0.022), y: table.y + size * 0.08)
            canvas.line(a, (a.x + size * 0.02, a.y + size * 0.34), width: 1.4, pencil, 0.4)
        }
        for _ in 0..<8 {
            bloom(
                canvas, at: (table.x + size * random(-0.12, 0.12), table.y - size * random(0.05, 0.18)), size: size * 0.1,
                random.pick(GardenScenes.flowerColors))
        }
        // Bunting, pencilled and tinted.
        let rope = Easel.rope(from: (0, h * 0.1), to: (w, h * 0.16), sag: h * 0.14, count: 12)
        canvas.polyline(rope, width: 2, pencil, 0.7)
        let tints = [RGB(236, 120, 130), RGB(250, 214, 120), RGB(130, 190, 210)]
        for (i, (a, b)) in zip(rope, rope.dropFirst()).enumerated() {
            let tip = (x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + short * 0.07)
            canvas.polygon([a, b, tip], tints[i % 3], 0.45)
            canvas.polyline([a, tip, b], width: 1.6, pencil, 0.6)
        }
        for _ in 0..<25 {
            canvas.ellipse(
                w * random(0, 1), h * random(0.86, 0.98), short * 0.03, short * 0.03, random.pick(GardenScenes.flowerColors), 0.6)
        }
    }
}
