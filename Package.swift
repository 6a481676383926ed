// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "proofsheet",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "proofsheet", targets: ["proofsheet"]),
        .library(name: "ProofsheetKit", targets: ["ProofsheetKit"]),
    ],
    targets: [
        // System libraries: a module map and a shim header each, nothing fetched.
        // No pkgConfig for gd: Debian's gdlib.pc adds -DAVIF_DLL, a flag SwiftPM refuses
        // with a warning on every build; the headers are in the default include path.
        .systemLibrary(
            name: "CGD",
            providers: [.apt(["libgd-dev"]), .brew(["gd"])]),
        .systemLibrary(
            name: "CExif", pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"]), .brew(["libexif"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CXXHash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        .systemLibrary(
            name: "CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
        // The HEVC decoder libheif uses, called directly for the tiles of HEIF grids.
        .systemLibrary(
            name: "CDe265", pkgConfig: "libde265",
            providers: [.apt(["libde265-dev"]), .brew(["libde265"])]),
        .systemLibrary(
            name: "CLCMS", pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        .systemLibrary(
            name: "CTIFF", pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // No pkgConfig: libraw_r.pc adds -fopenmp, which the Swift driver refuses.
        .systemLibrary(
            name: "CRaw",
            providers: [.apt(["libraw-dev"]), .brew(["libraw"])]),
        .systemLibrary(
            name: "CExempi", pkgConfig: "exempi-2.0",
            providers: [.apt(["libexempi-dev"]), .brew(["exempi"])]),

        // proofsheet's own C: the resampler, turning photos upright, colour transforms, and
        // the glue to the decoders, whose error handling Swift cannot take part in
        // (longjmp, process-wide handlers).
        .target(
            name: "CImaging",
            dependencies: ["CGD", "CJPEG", "CHeif", "CDe265", "CLCMS", "CTIFF", "CPNG", "CWebP", "CZlib", "CRaw"],
            // CRaw has no pkgConfig (see above) and no Swift imports it, so nothing else
            // would put LibRaw on the link line.
            linkerSettings: [.linkedLibrary("raw_r")]),

        // All domain logic; the only module that imports the C ones.
        .target(
            name: "ProofsheetKit",
            dependencies: ["CGD", "CExif", "CImaging", "CXXHash", "CExempi"]),
        // Argument parsing and one type per command.
        .target(name: "ProofsheetCLI", dependencies: ["ProofsheetKit"]),
        // One short file: run the CLI, exit with its code.
        .executableTarget(name: "proofsheet", dependencies: ["ProofsheetCLI"]),

        // The tests also run the built binary (killed collects), so it is built for them.
        .testTarget(name: "ProofsheetKitTests", dependencies: ["ProofsheetKit", "ProofsheetCLI", "proofsheet"]),
        // The CLI's own: parsing, help texts, what a command refuses. The fixtures are
        // ProofsheetKitTests' (its Support/), so it depends on that target.
        .testTarget(name: "ProofsheetCLITests", dependencies: ["ProofsheetCLI", "ProofsheetKit", "ProofsheetKitTests"]),
    ],
    swiftLanguageModes: [.v6]
)
