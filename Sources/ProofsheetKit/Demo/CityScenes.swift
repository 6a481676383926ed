/// City Walk: skylines at dusk over the river, a street in the evening seen down its
/// length, and a skyline against the setting sun (夕焼け).
enum CityScenes {
    /// A lit window: where it is and its colour, for its reflection in the river.
    typealias Window = (x: Double, y: Double, width: Double, height: Double, color: RGB)

    static let windowColors = [RGB(255, 214, 140), RGB(255, 232, 186), RGB(250, 186, 104), RGB(210, 226, 255)]

    static func skyline(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let sky =
            random.chance(0.5)
            ? [RGB(12, 20, 54), RGB(34, 50, 108), RGB(112, 94, 148), RGB(228, 138, 112), RGB(250, 188, 128)]
            : [RGB(8, 16, 46), RGB(24, 44, 100), RGB(62, 96, 158), RGB(140, 146, 182), RGB(226, 168, 142)]
        city(canvas, sky: sky, sun: nil, &random)
    }

    static func skylineSunset(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let sky = [RGB(58, 40, 92), RGB(166, 68, 92), RGB(238, 118, 70), RGB(255, 176, 88), RGB(255, 218, 150)]
        city(canvas, sky: sky, sun: random(0.3, 0.7), &random)
    }

    /// Sky, three layers of buildings (the far ones hazy), then the river or the embankment.
    static func city(_ canvas: borrowing Easel, sky: [RGB], sun: Double?, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, short = min(w, h)
        let base = h * random(0.56, 0.7)
        canvas.gradient(from: 0, to: base, sky)
        if let sun {
            let center = (x: w * sun, y: base - h * random(0.12, 0.2))
            canvas.glow(center, radius: short * 0.8, RGB(255, 190, 110), 0.6)
            canvas.glow(center, radius: short * 0.2, RGB(255, 230, 170), 0.8)
            canvas.ellipse(center.x, center.y, short * 0.12, short * 0.12, RGB(255, 240, 200))
            for _ in 0..<random.int(4, 8) {
                bird(canvas, at: (w * random(0.1, 0.9), base * random(0.15, 0.5)), size: short * random(0.012, 0.025))
            }
        } else {
            for _ in 0..<60 {
                canvas.ellipse(w * random(0, 1), base * random(0, 0.35), 2, 2, .white, random(0.2, 0.7))
            }
            if random.chance(0.5) {
                let moon = (x: w * random(0.1, 0.9), y: base * random(0.1, 0.3))
                canvas.glow(moon, radius: short * 0.08, RGB(220, 226, 255), 0.3)
                canvas.ellipse(moon.x, moon.y, short * 0.035, short * 0.035, RGB(246, 244, 232))
            }
        }
        let haze = sky[sky.count - 2]
        var lit: [Window] = []
        let layers: [(color: RGB, tall: ClosedRange<Double>, wide: ClosedRange<Double>, light: Double)] = [
            (RGB(70, 66, 110).mixed(with: haze, 0.45), 0.1...0.26, 0.03...0.07, 0.1),
            (RGB(38, 38, 70).mixed(with: haze, 0.15), 0.14...0.36, 0.04...0.09, 0.22),
            (RGB(16, 16, 30), 0.16...0.42, 0.06...0.12, 0.3),
        ]
        let scale = random(0.65, 1.15)  // how near the city is
        for (depth, layer) in layers.enumerated() {
            var x = -w * random(0, 0.05)
            while x < w {
                let width = w * random(layer.wide.lowerBound, layer.wide.upperBound) * scale
                let top =
                    base - h * random(layer.tall.lowerBound, layer.tall.upperBound) * scale * (depth == 2 && random.chance(0.3) ? 0.5 : 1)
                building(canvas, x: x, top: top, width: width, base: base, layer.color, light: layer.light, &random, lit: &lit)
                x += width * (depth == 2 ? random(1, 2.2) : random(0.85, 1.05))
            }
        }
        if random.chance(0.65) || sun != nil {
            river(canvas, base: base, sky: sky, lit: lit, sun: sun, &random)
        } else {
            embankment(canvas, base: base, &random)
        }
        canvas.vignette(0.55)
    }

    static func building(
        _ canvas: borrowing Easel, x: Double, top: Double, width: Double, base: Double, _ color: RGB, light: Double,
        _ random: inout SceneRandom, lit: inout [Window]
    ) {
        canvas.rect(x, top, width, base - top, color)
        canvas.rect(x, top, width * 0.12, base - top, .white, 0.04)
        if random.chance(0.3) {
            canvas.rect(x + width * 0.2, top - width * 0.25, width * 0.6, width * 0.25, color)
            if random.chance(0.5) {
                let tip = (x: x + width / 2, y: top - width * 0.9)
                canvas.line((tip.x, top - width * 0.25), tip, width: 2, color)
                canvas.glow(tip, radius: 6, RGB(255, 60, 50), 0.9, rings: 4)
            }
        }
        // Three kinds: windows in a grid, offices lit floor by floor, a glass tower that mirrors the sky.
        let kind = random.int(0, 2)
        if kind == 2 { canvas.gradient(from: top, to: base, [color.mixed(with: RGB(90, 120, 170), 0.35), color], x: x, width: width) }
        let cell = (x: max(5, width / Double(max(2, Int(width / 9)))), y: kind == 1 ? 8.0 : 11.0)
        var row = top + cell.y * 0.8
        while row + cell.y < base - 4 {
            var column = x + cell.x * 0.25
            let floorLit = random.chance(light * 1.5)
            while column + cell.x * 0.6 < x + width {
                if kind == 1 ? floorLit && random.chance(0.9) : random.chance(kind == 2 ? light / 3 : light) {
                    let window: Window = (column, row, cell.x * (kind == 1 ? 1 : 0.55), cell.y * 0.55, random.pick(windowColors))
                    canvas.rect(window.x, window.y, window.width, window.height, window.color, random(0.55, 1))
                    lit.append(window)
                }
                column += cell.x
            }
            row += cell.y
        }
    }

    /// The river: the sky and the buildings' lights mirrored, drawn out into streaks by the ripples.
    static func river(_ canvas: borrowing Easel, base: Double, sky: [RGB], lit: [Window], sun: Double?, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height
        canvas.rect(0, base, w, h * 0.012, RGB(10, 10, 20))
        let water = base + h * 0.012
        canvas.gradient(from: water, to: h, sky.reversed().map { $0.mixed(with: RGB(6, 10, 26), 0.55) })
        for window in lit where random.chance(0.35) {
            let y = water + (water - window.y) * 0.8
            guard y < h else { continue }
            canvas.rect(window.x, y, window.width * 0.8, window.height * random(2, 4), window.color, 0.22)
        }
        if let sun {
            var y = water
            while y < h {
                let t = (y - water) / (h - water), width = w * (0.05 + 0.25 * t) * random(0.3, 1)
                canvas.rect(w * sun - width / 2, y, width, 2 + 5 * t, RGB(255, 196, 120), 0.55 - 0.3 * t)
                y += 3 + 10 * t * random(0.5, 1.5)
            }
        }
        for _ in 0..<50 {
            let y = random(water, h), length = w * random(0.05, 0.3)
            canvas.rect(w * random(-0.1, 1), y, length, 1.5, sky[3], 0.12)
        }
        if sun == nil && random.chance(0.35) { bridge(canvas, deck: water + (h - water) * random(0.15, 0.35), &random) }
    }

    /// A low bridge across the river on its piers, lamps along its parapet.
    static func bridge(_ canvas: borrowing Easel, deck: Double, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height, span = w * random(0.18, 0.3), thick = h * 0.025
        var x = -span * random(0, 1)
        while x < w {
            let arch = Easel.rope(from: (x, deck + thick * 3), to: (x + span, deck + thick * 3), sag: -thick * 2.4, count: 12)
            canvas.polygon([(x, deck), (x + span, deck)] + arch.reversed(), RGB(12, 12, 22))
            canvas.rect(x - span * 0.05, deck, span * 0.1, thick * 5, RGB(12, 12, 22))
            x += span
        }
        canvas.rect(0, deck - thick * 0.6, w, thick * 0.6, RGB(20, 20, 30))
        for lamp in stride(from: w * random(0, 0.1), to: w, by: span / 2) {
            canvas.line((lamp, deck - thick * 0.6), (lamp, deck - thick * 2.2), width: 2, RGB(20, 20, 30))
            canvas.glow((lamp, deck - thick * 2.2), radius: thick * 0.9, RGB(255, 210, 140), 0.8, rings: 6)
        }
        canvas.rect(0, deck - thick * 0.1, w, 2, RGB(255, 210, 140), 0.6)
    }

    /// The embankment: a railing, lamps along it, the light trails of passing cars.
    static func embankment(_ canvas: borrowing Easel, base: Double, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height
        canvas.gradient(from: base, to: h, [RGB(26, 24, 36), RGB(40, 36, 46), RGB(18, 16, 24)])
        for lane in 0..<random.int(3, 5) {
            let y = base + (h - base) * random(0.2, 0.7), color = lane % 2 == 0 ? RGB(255, 70, 50) : RGB(255, 236, 200)
            canvas.rect(0, y - 4, w, 8, color, 0.12)
            canvas.rect(0, y - 1, w, 2, color, 0.8)
        }
        let count = random.int(4, 6)
        for i in 0..<count {
            let x = w * (Double(i) + random(0.3, 0.7)) / Double(count), top = base - h * 0.12
            canvas.line((x, base + (h - base) * 0.25), (x, top), width: 4, RGB(12, 12, 18))
            canvas.glow((x, top), radius: h * 0.06, RGB(255, 200, 120), 0.7)
            canvas.ellipse(x, top, 10, 10, RGB(255, 244, 214))
        }
        canvas.rect(0, base + (h - base) * 0.25, w, 6, RGB(8, 8, 12))
    }

    /// An evening street seen down its length: facades on both sides running to one point.
    static func street(_ canvas: borrowing Easel, _ random: inout SceneRandom) {
        let w = canvas.width, h = canvas.height
        let vanish = (x: w * random(0.42, 0.58), y: h * random(0.56, 0.62))
        let sky = [RGB(16, 26, 70), RGB(52, 70, 132), RGB(176, 124, 140), RGB(244, 176, 128)]
        canvas.gradient(from: 0, to: vanish.y + 2, sky)
        /// Where a point of the street falls: `side` −1 the left facades, +1 the right ones, 0 the middle of the
        /// road; `z` how far (1 at the bottom edge of the picture); `height` in eye heights above the ground.
        func project(_ side: Double, _ z: Double, _ height: Double) -> Easel.Point {
            (vanish.x + side * w * 1.7 / z, vanish.y + (h - vanish.y) * (1 - height) / z)
        }
        canvas.polygon([project(-1, 1, 0), project(1, 1, 0), vanish], RGB(62, 56, 66))
        canvas.polygon([project(-0.6, 1, 0), project(0.6, 1, 0), vanish], RGB(34, 32, 44))
        var dash = 1.0
        while dash < 40 {
            canvas.polygon(
                [project(-0.012, dash, 0), project(0.012, dash, 0), project(0.012, dash * 1.12, 0), project(-0.012, dash * 1.12, 0)],
                RGB(200, 196, 180), 0.5)
            dash *= 1.3
        }
        for side in [-1.0, 1.0] {
            var z = 1.0
            while z < 40 {
                let next = z * random(1.2, 1.45), floors = random.int(2, 4), tall = Double(floors) * 1.3 + 0.5
                let color = RGB.blend([RGB(74, 52, 54), RGB(52, 46, 66), RGB(86, 64, 56)], at: random(0, 1)).mixed(
                    with: sky[2], 1 - 2 / (z + 1))
                canvas.polygon([project(side, z, tall), project(side, next, tall), project(side, next, 0), project(side, z, 0)], color)
                canvas.polygon(
                    [project(side, z, tall), project(side, next, tall), project(side, next, tall - 0.3), project(side, z, tall - 0.3)],
                    .black, 0.3)
                for floor in 0..<floors {
                    let bottom = Double(floor) * 1.3 + 0.4, windows = 3
                    for k in 0..<windows where random.chance(floor == 0 ? 0.7 : 0.45) {
                        let a = z + (next - z) * (Double(k) + 0.25) / Double(windows),
                            b = z + (next - z) * (Double(k) + 0.7) / Double(windows)
                        let top = bottom + (floor == 0 ? 0.9 : 0.7)
                        canvas.polygon(
                            [project(side, a, top), project(side, b, top), project(side, b, bottom), project(side, a, bottom)],
                            random.pick(windowColors), random(0.6, 0.95))
                    }
                }
                z = next
            }
            for z in [2.2, 3.5, 5.5, 8.5, 13.0, 20.0, 30.0] {
                let foot = project(side * 0.72, z, 0), lamp = project(side * 0.72, z, 2.6)
                canvas.line(foot, lamp, width: max(1.5, 10 / z), RGB(14, 14, 20))
                canvas.glow(lamp, radius: h * 0.16 / z, RGB(255, 196, 112), 0.85)
                canvas.ellipse(lamp.x, lamp.y, 16 / z, 16 / z, RGB(255, 246, 220))
                let puddle = project(side * 0.6, z * 0.9, 0)
                canvas.ellipse(puddle.x, puddle.y, 60 / z, 10 / z, RGB(255, 196, 112), 0.25)
            }
        }
        if random.chance(0.8) {
            let z = random(3, 6)
            for side in [-0.3, -0.05] {
                let light = project(side, z, 0.5)
                canvas.glow(light, radius: 60 / z, RGB(255, 40, 40), 0.8)
                canvas.ellipse(light.x, light.y, 14 / z, 10 / z, RGB(255, 150, 140))
            }
        }
        canvas.vignette(0.6)
    }

    static func bird(_ canvas: borrowing Easel, at center: Easel.Point, size: Double, _ color: RGB = RGB(40, 20, 30)) {
        canvas.polyline(
            [(center.x - size, center.y - size * 0.3), (center.x - size * 0.4, center.y - size * 0.4), (center.x, center.y)], width: 2,
            color)
        canvas.polyline(
            [(center.x, center.y), (center.x + size * 0.4, center.y - size * 0.4), (center.x + size, center.y - size * 0.3)], width: 2,
            color)
    }
}
