/// What a demo photo shows: its album's kind of scene, or the one its name promises
/// ("Sunset over the water.jpg" is a sunset). Each is painted with libgd from the photo's
/// own seed, so every photo is composed differently and the same on every run.
enum DemoScene {
    case shore, sunset, dessert
    case skyline, street, skylineSunset
    case garden, arch, table, toast, sketch

    init(album: String, name: String) {
        switch (album, name) {
        case (_, "Sunset over the water.jpg"): self = .sunset
        case (_, "Crème brûlée.jpg"): self = .dessert
        case (_, "Straße am Abend.jpg"): self = .street
        case (_, "夕焼け.jpg"): self = .skylineSunset
        case (_, "Welcome.jpg"): self = .arch
        case (_, "Table setting.jpg"): self = .table
        case (_, "Sketch.png"): self = .sketch
        case (_, "Último brindis.jpg"): self = .toast
        case ("City Walk", _): self = .skyline
        case ("Garden Party", _): self = .garden
        default: self = .shore
        }
    }

    func paint(on canvas: borrowing Easel, seed: Int) {
        var random = SceneRandom(seed: seed)
        switch self {
        case .shore: BeachScenes.shore(canvas, &random)
        case .sunset: BeachScenes.sunset(canvas, &random)
        case .dessert: BeachScenes.dessert(canvas, &random)
        case .skyline: CityScenes.skyline(canvas, &random)
        case .street: CityScenes.street(canvas, &random)
        case .skylineSunset: CityScenes.skylineSunset(canvas, &random)
        case .garden: GardenScenes.garden(canvas, &random)
        case .arch: GardenScenes.arch(canvas, &random)
        case .table: PartyScenes.tableSetting(canvas, &random)
        case .toast: PartyScenes.toast(canvas, &random)
        case .sketch: PartyScenes.sketch(canvas, &random)
        }
    }
}
