// swift-tools-version:6.0
// libFuzzer harnesses for proofsheet's readers of untrusted bytes, one executable each.
// A package of its own, so that neither `swift build` of the product nor its release
// ever builds them: `make fuzz` builds this one with -sanitize=fuzzer,address and runs each harness on a corpus seeded by Fuzz/seeds.py.
import Foundation
import PackageDescription

// A path dependency is named after its folder, whatever the checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let kit = Target.Dependency.product(name: "ProofsheetKit", package: root.lastPathComponent)

let harnesses = [
    "FuzzImageHeader", "FuzzExif", "FuzzOrderFile", "FuzzPastedList", "FuzzThumbnailer", "FuzzManifest", "FuzzBuildCache",
    "FuzzSearchIndex", "FuzzRaw",
]

let package = Package(
    name: "proofsheet-fuzz",
    dependencies: [.package(path: "..")],
    targets: [.target(name: "CFuzz")] + harnesses.map { .executableTarget(name: $0, dependencies: [kit, "CFuzz"]) },
    swiftLanguageModes: [.v6]
)
