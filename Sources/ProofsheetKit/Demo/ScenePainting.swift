/// What the demo's scenes are painted on: a canvas and a scale. A scene is composed in
/// points, 1000 along the long edge, whatever the size in pixels; each shape is scaled and
/// rounded once, when handed to libgd, so it is drawn sharp at the photo's own size.
///
/// The strokes are few: bands of colour row by row for gradients, rings of faint discs
/// for glows, thin quadrilaterals for lines. Only `+ - * /` and square roots, which IEEE 754
/// rounds the same everywhere, so a scene is the same bytes on every machine.
struct Easel: ~Copyable {
    typealias Point = (x: Double, y: Double)

    let canvas: Canvas
    private let scale: Double

    init(_ canvas: consuming Canvas) {
        scale = Double(max(canvas.width, canvas.height)) / 1000
        self.canvas = canvas
    }

    var width: Double { Double(canvas.width) / scale }
    var height: Double { Double(canvas.height) / scale }

    private func pixel(_ value: Double) -> Int { Int((value * scale).rounded()) }

    func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: RGB, _ opacity: Double = 1) {
        let left = pixel(x), top = pixel(y), right = pixel(x + width), bottom = pixel(y + height)
        guard right > left, bottom > top else { return }
        canvas.fillRectangle(x: left, y: top, width: right - left, height: bottom - top, color: color, opacity: opacity)
    }

    func ellipse(_ centerX: Double, _ centerY: Double, _ width: Double, _ height: Double, _ color: RGB, _ opacity: Double = 1) {
        guard pixel(width) >= 1, pixel(height) >= 1 else { return }
        canvas.fillEllipse(
            centerX: pixel(centerX), centerY: pixel(centerY), width: pixel(width), height: pixel(height), color: color, opacity: opacity)
    }

    func polygon(_ points: [Point], _ color: RGB, _ opacity: Double = 1) {
        canvas.fillPolygon(points.map { (x: pixel($0.x), y: pixel($0.y)) }, color: color, opacity: opacity)
    }

    /// A vertical gradient from `top` to `bottom` through `stops`, evenly spaced, one row of pixels at a time.
    func gradient(from top: Double, to bottom: Double, _ stops: [RGB], x: Double = 0, width: Double? = nil, opacity: Double = 1) {
        let first = pixel(top), last = pixel(bottom), left = pixel(x), right = pixel(x + (width ?? self.width))
        guard last > first, right > left else { return }
        for row in first..<last {
            let t = Double(row - first) / Double(max(1, last - first - 1))
            canvas.fillRectangle(x: left, y: row, width: right - left, height: 1, color: RGB.blend(stops, at: t), opacity: opacity)
        }
    }

    /// A soft round light: discs from `radius` inwards, each faint, adding up towards the middle.
    /// By default enough discs that no step between them shows: each adds at most 4 %, or
    /// 2.5 % on a wide glow, whose steps lie far apart over smooth sky.
    func glow(_ center: Point, radius: Double, _ color: RGB, _ opacity: Double, rings: Int? = nil, squash: Double = 1) {
        let rings = rings ?? max(6, Int(opacity * (radius > 150 ? 80 : 50)))
        for ring in 0..<rings {
            let r = radius * Double(rings - ring) / Double(rings)
            ellipse(center.x, center.y, 2 * r, 2 * r * squash, color, opacity / Double(rings) * 2)
        }
    }

    /// A straight stroke `width` wide.
    func line(_ a: Point, _ b: Point, width: Double, _ color: RGB, _ opacity: Double = 1) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max(0.001, (dx * dx + dy * dy).squareRoot())
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        polygon([(a.x + nx, a.y + ny), (b.x + nx, b.y + ny), (b.x - nx, b.y - ny), (a.x - nx, a.y - ny)], color, opacity)
    }

    /// A rope hung between two points (a parabola, close enough to a catenary), as `count` points.
    static func rope(from a: Point, to b: Point, sag: Double, count: Int) -> [Point] {
        (0...count).map { i in
            let t = Double(i) / Double(count)
            return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t + sag * 4 * t * (1 - t))
        }
    }

    func polyline(_ points: [Point], width: Double, _ color: RGB, _ opacity: Double = 1) {
        for (a, b) in zip(points, points.dropFirst()) { line(a, b, width: width, color, opacity) }
    }

    /// A leaf or petal from `a` to `b`, `width` across at its widest.
    func leaf(_ a: Point, _ b: Point, width: Double, _ color: RGB, _ opacity: Double = 1) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max(0.001, (dx * dx + dy * dy).squareRoot())
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        let steps = 8
        let side = (0...steps).map { i -> (Double, Double, Double) in
            let t = Double(i) / Double(steps)
            return (a.x + dx * t, a.y + dy * t, 4 * t * (1 - t))
        }
        let points =
            side.map { (x: $0.0 + nx * $0.2, y: $0.1 + ny * $0.2) } + side.reversed().map { (x: $0.0 - nx * $0.2, y: $0.1 - ny * $0.2) }
        polygon(points, color, opacity)
    }

    /// The point `turns` of the way round a circle of `radius` about `center`, from three o'clock, clockwise on screen.
    static func around(_ center: Point, radius: Double, turns: Double, squash: Double = 1) -> Point {
        let (c, s) = cosineAndSine(turns)
        return (center.x + radius * c, center.y + radius * s * squash)
    }

    /// Cosine and sine of a fraction of a turn by their Taylor series: the same bits on every machine.
    static func cosineAndSine(_ turns: Double) -> (Double, Double) {
        let reduced = turns - (turns + 0.5).rounded(.down)  // -0.5..<0.5
        let x = reduced * 2 * 3.141_592_653_589_793
        var term = 1.0, cosine = 0.0, sine = 0.0
        for n in 0..<22 {
            if n % 2 == 0 { cosine += (n % 4 == 0 ? term : -term) } else { sine += (n % 4 == 1 ? term : -term) }
            term *= x / Double(n + 1)
        }
        return (cosine, sine)
    }

    /// A fair-weather cloud: soft puffs, lit from above, over their own grey-blue undersides.
    func cloud(_ center: Point, width: Double, _ random: inout SceneRandom, tint: RGB = .white, opacity: Double = 0.95) {
        let puffs = (0..<random.int(8, 14)).map { _ in (t: random(0, 1), size: random(0.18, 0.34), rise: random(0, 0.5)) }
        let shade = tint.mixed(with: RGB(150, 162, 190), 0.45)
        for lit in [false, true] {
            for puff in puffs {
                let x = center.x + (puff.t - 0.5) * width * 0.85, size = width * puff.size * (1.1 - abs(puff.t - 0.5))
                let y = center.y - size * puff.rise + (lit ? -size * 0.08 : size * 0.1)
                glow((x, y), radius: size * (lit ? 0.46 : 0.5), lit ? tint : shade, opacity * (lit ? 0.95 : 0.8), rings: 7, squash: 0.8)
            }
        }
    }

    /// Darker edges, as a lens gives: bands along each side that fade inwards.
    func vignette(_ strength: Double) {
        let w = width, h = height, depth = min(w, h) * 0.28, steps = 40
        for step in 0..<steps {
            let inset = depth * Double(step) / Double(steps), band = depth / Double(steps)
            let opacity = strength * (1 - Double(step) / Double(steps)) * (1 - Double(step) / Double(steps)) / 4
            rect(0, inset, w, band, .black, opacity)
            rect(0, h - inset - band, w, band, .black, opacity)
            rect(inset, 0, band, h, .black, opacity)
            rect(w - inset - band, 0, band, h, .black, opacity)
        }
    }
}

extension RGB {
    static let black = RGB(red: 0, green: 0, blue: 0)
    static let white = RGB(red: 255, green: 255, blue: 255)

    init(_ red: Int, _ green: Int, _ blue: Int) { self.init(red: red, green: green, blue: blue) }

    /// This colour moved `t` of the way to `other`.
    func mixed(with other: RGB, _ t: Double) -> RGB {
        func channel(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * min(1, max(0, t))).rounded()) }
        return RGB(channel(red, other.red), channel(green, other.green), channel(blue, other.blue))
    }

    /// The colour at `t` (0…1) along evenly spaced stops.
    static func blend(_ stops: [RGB], at t: Double) -> RGB {
        guard stops.count > 1 else { return stops.first ?? .black }
        let position = min(1, max(0, t)) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(position))
        return stops[index].mixed(with: stops[index + 1], position - Double(index))
    }
}

/// Seeded random numbers (SplitMix64), so each demo photo gets its own composition and
/// the same one on every run and machine.
struct SceneRandom {
    private var state: UInt64

    init(seed: Int) {
        state = UInt64(truncatingIfNeeded: seed)
        // Start from the seed's mixed value, or the next seed's stream would be this one's, one step on.
        state = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from `low` up to `high`.
    mutating func callAsFunction(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(UInt64(1) << 53)
    }

    mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }

    mutating func chance(_ p: Double) -> Bool { self(0, 1) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0, items.count - 1)] }
}
