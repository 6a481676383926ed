extension HelpText {
    public static let join = """
        USAGE
          proofsheet build LIBRARY --shard K/N --output PART [options]   (once for each K)
          proofsheet join PART… --output SITE

        A library too big for one machine is built in N shares, anywhere the library is at
        the same path (a shared volume): each 'build --shard K/N' walks the whole library,
        decodes only the photos of share K (a hash of each photo's path) and writes a part:
        their images, their records and what the join checks. Built again, a part redoes
        only the photos that changed. 'join' checks that the parts are of one library, one
        set of options and one listing, and that every share is there, then writes the
        site 'build' would have made of the whole library, byte for byte, without decoding
        a photo. Images are hard-linked from the parts (copied when the parts are on
        another file system). Recipes for GNU parallel, Kubernetes and Slurm:
        docs/scale-out.md.

        OPTIONS
          -o, --output SITE       where to write the site (required)
              --templates DIR     use your own page templates instead of the built-in ones
          -h, --help              show this help

        """
}
