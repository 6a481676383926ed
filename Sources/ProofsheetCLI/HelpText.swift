/// The help texts, as literals: what the user reads is what the tests compare.
public enum HelpText {
    public static let main = """
        proofsheet — turn a folder of photos into a gallery to browse and pick from, offline

        USAGE
          proofsheet build LIBRARY [options]        make the gallery site (default: Site/)
          proofsheet join PART… --output SITE       put the parts of a build split in shares together
          proofsheet collect ORDER_FILE --library LIBRARY [options]
                                                    gather the picked originals, in order
          proofsheet mark ORDER_FILE --library LIBRARY
                                                    write the client's marks into the sidecars
          proofsheet merge A.json B.json… [options] merge several people's picks into one
          proofsheet demo [--output DIR]            draw a sample library and build it
          proofsheet help [COMMAND]                 show help for a command
          proofsheet --version                      show the version and readable formats

        Run 'proofsheet help build' (or join, collect, mark, merge, demo) for every option.

        EXIT STATUS
          0 success · 1 photos failed with --strict · 2 bad input (nothing written) · 64 usage error

        """

    public static let build = """
        USAGE
          proofsheet build LIBRARY [options]

        Walks LIBRARY (each folder is an album), reads EXIF, makes thumbnails and previews
        concurrently, and writes a static site: open OUTPUT/index.html in any browser.
        Rebuilding reuses everything unchanged; the previous site stays usable until the
        new one is complete. The site remembers its settings (title, limit, minimum, sizes,
        sort, quality, excludes, GPS, watermark, contact, message, cover, logo, accent,
        language): a rebuild without them keeps them, one given changes it.

        OPTIONS
          -o, --output DIR        where to write the site (default: Site)
              --title TEXT        the gallery's title (default: the library folder's name)
              --limit N           how many photos a viewer may pick; 0 = no limit (default: 1)
              --min N             how many a final selection holds at least; at most
                                  the limit; 0 = no minimum (default: 0)
              --selection NAME:MAX, NAME:MIN-MAX
                                  a named selection with its own limits, repeatable
                                  ("Album:20-30" "Cover:1"; '' takes them away)
              --contact EMAIL     the page's Send button mails the picks to EMAIL
              --contact-name NAME whom the Send button names (default: the address)
              --message TEXT      instructions shown at the top of the page, on the cover
                                  ('' takes away a contact, name or message)
              --cover PHOTO       the photo the page opens on, full-bleed under the title,
                                  by its path in LIBRARY: Album/IMG_0042.jpg
                                  (default: the gallery's first photo)
              --logo FILE         the photographer's logo on the cover, PNG or JPEG;
                                  copied into the site ('' takes it away)
              --accent '#RRGGBB'  the photographer's colour: the main button, pick marks,
                                  links, focus rings; a shade of it is used where the
                                  colour itself would be hard to see ('' for the default)
              --lang en|de|fr|es  the page's language: its words, dates and numbers
                                  (default: en)
              --sort date|name    order of photos within an album (default: date)
              --thumb-size PX     long edge of thumbnails; a 2x version is made too (default: 400)
              --preview-size PX   long edge of full-screen previews (default: 1600)
              --quality Q         JPEG quality of the images, 1-100 (default: 82)
              --watermark TEXT    draw TEXT over every preview and thumbnail, repeated
                                  diagonally (the originals are never touched)
              --watermark-opacity P
                                  its opacity in percent, 1-100 (default: 35)
              --watermark-font FILE
                                  its font (default: DejaVu Sans Bold, fonts-dejavu-core)
          -j, --jobs N            photos processed at once (default: the number of cores)
              --shard K/N         build only share K of N (1 ≤ K ≤ N) into the part --output
                                  names, for 'proofsheet join' (see 'proofsheet help join')
              --exclude GLOB      leave out matching files or folders; repeatable
                                  (matched against the relative path and the name;
                                  replaces the site's patterns; '' clears them)
              --include-gps       put GPS positions in the site (left out by default)
              --no-gps            leave them out again
              --templates DIR     use your own page templates instead of the built-in ones
              --replace           build LIBRARY into a site made from another library
              --strict            exit with status 1 if any photo could not be used
          -q, --quiet             no progress line, only warnings, errors and the summary
          -h, --help              show this help

        """

    public static let collect = """
        USAGE
          proofsheet collect ORDER_FILE --library LIBRARY [options]
          proofsheet collect ORDER_FILE --list FORMAT

        Reads the order file exported from the gallery page (JSON, or the picks as text:
        the page's Copy list, a Send mail, or a list pasted into an email) and copies the
        picked originals, with their RAW, sidecars and Live Photo videos, in the picked
        order, into a folder, with picks.csv and notes.txt. All or nothing: on any problem
        nothing is written. ORDER_FILE - reads standard input.

        Run it again into the same folder: nothing to do if the order is the same; with a
        revised order the folder becomes exactly the new order (only files collect placed
        there are ever removed).

        OPTIONS
          -l, --library DIR       the photo library the gallery was built from (required)
          -o, --output DIR        where to put the picks (default: "TITLE picks")
              --site DIR          the gallery's site: only photos it shows are collected
                                  (default: a Site/ of this library, here or beside
                                  ORDER_FILE, whatever gallery the order names)
              --name-pattern P    how to name the files (default: {order}-{name});
                                  tokens: {order} {name} {stem} {ext} {album} {date}
          -n, --dry-run           print the plan, write nothing
              --overwrite         replace files in the folder that collect did not place
              --accept-changed    take originals that changed since the gallery was built
              --no-companions     only the picked photos: no RAW, sidecars or videos
              --link              hard-link instead of copying where possible
              --list FORMAT       print the picks for other software, write nothing:
                                  lightroom, capture-one, finder, csv
              --selection NAME    of an order with named selections, only this one
                                  (default: each into a folder of its own, OUTPUT/NAME)
              --label COLOUR      with --list: the photos marked with this label
                                  (red, yellow, green, blue, purple) instead of the picks
              --stars N           with --list: the photos marked with N stars or more
              --rejected          with --list: the photos marked as rejected
          -h, --help              show this help

        A marked photo (stars, a colour label, reject) gets an XMP sidecar beside it with
        xmp:Rating and xmp:Label; the library's own sidecar, when it has one, is collected
        with the marks merged in and all else kept.

        """

    public static let mark = """
        USAGE
          proofsheet mark ORDER_FILE --library LIBRARY [options]
          proofsheet mark ORDER_FILE --library LIBRARY --undo

        Writes the client's marks from the order file (stars, colour labels, reject) into
        the library's own XMP sidecars, as xmp:Rating (-1 for a reject) and xmp:Label,
        where Lightroom Classic (Metadata > Read Metadata from Files), Capture One and
        darktable read them. A photo without a sidecar gets one (IMG_1.xmp); every other
        field of a sidecar is kept, and no photo is ever written. Run again, it changes
        nothing. A sidecar that is not valid XMP is named and left as it was.

        OPTIONS
          -l, --library DIR       the photo library the gallery was built from (required)
          -n, --dry-run           print what would change, write nothing
              --undo              put back what the last run changed (it keeps a journal,
                                  LIBRARY/.proofsheet-marks.json)
          -h, --help              show this help

        """

    public static let merge = """
        USAGE
          proofsheet merge A.json B.json … [options]

        Merges several people's order files of the same gallery (a couple, a family) into
        one order file that collect takes like any other, and prints a table of who
        picked what. Notes are kept with their author. Files of another gallery are
        refused.

        OPTIONS
          -o, --output FILE       the merged order file (default: merged.json)
              --mode MODE         ranked: by how many picked a photo, then by a Borda
                                  count of its places (default); union: every photo,
                                  the first file's order first; intersection: only the
                                  photos everyone picked, in the first file's order
              --limit N           keep the first N (default: the gallery's limit; 0: all)
              --table FILE        also write the table of who picked what as CSV
              --selection NAME    of orders with named selections, merge this one
          -h, --help              show this help

        """

    public static let demo = """
        USAGE
          proofsheet demo [--output DIR] [--library DIR]

        Draws a sample library of 24 photos in three albums (every EXIF orientation, a few
        non-ASCII names) and builds its gallery with a pick limit of 3.

        OPTIONS
          -o, --output DIR        where to write the site (default: Site)
              --library DIR       where to draw the sample photos (default: demo-library,
                                  beside the output folder)
          -q, --quiet             no progress line
          -h, --help              show this help

        """

    public static func text(for topic: String?) -> String {
        switch topic {
        case "build": build
        case "join": join
        case "collect": collect
        case "merge": merge
        case "mark": mark
        case "demo": demo
        default: main
        }
    }
}
