import Testing

@testable import ProofsheetKit

/// `--accent`'s colour in each colour scheme: the photographer's own where it holds WCAG AA
/// contrast, else the nearest shade of it that does; the text on it readable too.
@Suite("Accent colour")
struct AccentColorTests {
    @Test("WCAG's contrast ratio, from its definition's known values")
    func contrast() throws {
        let white = try #require(AccentColor("#FFFFFF")), black = try #require(AccentColor("#000000"))
        #expect(abs(white.contrast(with: black) - 21) < 0.001)
        #expect(abs(try #require(AccentColor("#777777")).contrast(with: white) - 4.478) < 0.01)
        #expect(try #require(AccentColor("#0a5ccc")).hex == "#0A5CCC")
    }

    @Test(
        "every colour gets, in both schemes, an accent of 4.5:1 on the page and a text of 4.5:1 on it",
        arguments: [
            "#0A5CCC", "#B08D57", "#FFD700", "#FFFFFF", "#000000", "#000080", "#F4C2C2", "#808080", "#2E8B57", "#FF0000", "#1B2A4A",
        ])
    func schemes(text: String) throws {
        let colour = try #require(AccentColor(text))
        for (shade, backgrounds) in [(colour.light, AccentColor.lightBackgrounds), (colour.dark, AccentColor.darkBackgrounds)] {
            for background in backgrounds {
                #expect(shade.accent.contrast(with: background) >= 4.5, "\(text) → \(shade.accent.hex) on \(background.hex)")
            }
            #expect(shade.onAccent.contrast(with: shade.accent) >= 4.5, "\(shade.onAccent.hex) on \(shade.accent.hex)")
        }
    }

    @Test("a colour that holds its contrast is kept as it is; one that does not keeps its hue, darker or lighter")
    func keptOrShaded() throws {
        // Today's blue holds on light backgrounds; in the dark scheme it is lightened.
        let blue = try #require(AccentColor("#0A5CCC"))
        #expect(blue.light.accent == blue)
        #expect(blue.dark.accent != blue && blue.dark.accent.blue > blue.dark.accent.red)
        // Gold: darkened for the light scheme, kept for the dark one.
        let gold = try #require(AccentColor("#B08D57"))
        #expect(gold.light.accent.hex == "#866B42" && gold.dark.accent == gold)
        #expect(gold.light.onAccent.hex == "#FFFFFF" && gold.dark.onAccent.hex == "#111111")
    }
}
