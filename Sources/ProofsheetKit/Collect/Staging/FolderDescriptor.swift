#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder held open, owned by one value (closed in `deinit`), through which collect
/// moves files by name relative to the folder (`openat`, `linkat`, `renameat`,
/// `unlinkat`): a folder found by its name never leads elsewhere, because no symlink is
/// ever followed — not the folder's own name, not a name inside it.
///
/// Collect's staging folders sit beside the output folder, where anyone who can write
/// there can put a folder of that name; moving by path through it would follow whatever
/// `new/` or `aside/` points to.
struct FolderDescriptor: ~Copyable {
    private let fd: Int32
    /// How messages name it.
    let display: String

    /// Opens the folder at `path`; a symlink (as its last component) is refused.
    init(path: String, display: String) throws(ProofsheetError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            let code = FileSystem.kind(of: path) == .symlink ? ELOOP : errno
            throw ProofsheetError(display, Self.openFailure(code))
        }
        self.fd = fd
        self.display = display
    }

    /// Opens the folder `name` inside `parent`; a symlink is refused.
    init(_ name: String, in parent: borrowing FolderDescriptor) throws(ProofsheetError) {
        let fd = openat(parent.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        let display = parent.display + "/" + name
        guard fd >= 0 else {
            // O_NOFOLLOW with O_DIRECTORY says "not a folder" of a symlink.
            let code = parent.entry(name).map { $0.st_mode & S_IFMT == S_IFLNK } == true ? ELOOP : errno
            throw ProofsheetError(display, Self.openFailure(code))
        }
        self.fd = fd
        self.display = display
    }

    deinit {
        close(fd)
    }

    private static func openFailure(_ code: Int32) -> String {
        switch code {
        case ELOOP: "is a symlink, not a folder"
        case ENOTDIR: "is not a folder"
        default: "cannot be opened (\(FileSystem.reason(code)))"
        }
    }

    /// What `fstat` says of the folder itself.
    func status() -> stat? {
        var info = stat()
        return fstat(fd, &info) == 0 ? info : nil
    }

    /// What `lstat` says of `name` inside it; nil when there is no such name.
    func entry(_ name: String) -> stat? {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// Whether `name` inside it is the file `identity` names.
    func holds(_ name: String, _ identity: FileIdentity) -> Bool {
        entry(name).map { FileIdentity($0) == identity && $0.st_mode & S_IFMT == S_IFREG } ?? false
    }

    func makeFolder(_ name: String) throws(ProofsheetError) {
        guard mkdirat(fd, name, 0o700) == 0 else {
            throw ProofsheetError(display + "/" + name, "cannot create a folder (\(FileSystem.errnoText()))")
        }
    }

    /// Moves `name` to `other`'s `newName`, replacing whatever is there.
    func move(_ name: String, to other: borrowing FolderDescriptor, as newName: String) throws(ProofsheetError) {
        guard renameat(fd, name, other.fd, newName) == 0 else {
            throw ProofsheetError(other.display + "/" + newName, "cannot move into place (\(FileSystem.errnoText()))")
        }
    }

    /// Moves `name` to `other`'s `newName`, which must not exist: `linkat` + `unlinkat`
    /// refuses an existing name atomically; where the file system has no hard links, the
    /// name is checked and the file renamed.
    func moveWithoutReplacing(_ name: String, to other: borrowing FolderDescriptor, as newName: String) throws(ProofsheetError) {
        let destination = other.display + "/" + newName
        if linkat(fd, name, other.fd, newName, 0) == 0 {
            unlinkat(fd, name, 0)
            return
        }
        let code = errno
        if code == EEXIST { throw ProofsheetError(destination, "appeared while collecting; not replaced") }
        guard [EPERM, EMLINK, ENOTSUP, EOPNOTSUPP].contains(code) else {
            throw ProofsheetError(destination, "cannot move into place (\(FileSystem.reason(code)))")
        }
        guard other.entry(newName) == nil else { throw ProofsheetError(destination, "appeared while collecting; not replaced") }
        try move(name, to: other, as: newName)
    }

    func remove(_ name: String) {
        unlinkat(fd, name, 0)
    }

    /// Removes the empty folder `name`; false when it is not empty (or not there).
    @discardableResult
    func removeEmptyFolder(_ name: String) -> Bool {
        unlinkat(fd, name, AT_REMOVEDIR) == 0
    }

    /// Removes the folder `name` and everything in it, never following a symlink: a
    /// symlink inside is removed as a name, what it points to is not touched. Goes at
    /// most `depth` folders down (collect's staging folders are two deep).
    func removeTree(_ name: String, depth: Int = 4) {
        guard depth > 0, let inner = try? FolderDescriptor(name, in: self) else { return }
        for entry in inner.names() {
            if let info = inner.entry(entry), info.st_mode & S_IFMT == S_IFDIR {
                inner.removeTree(entry, depth: depth - 1)
            } else {
                inner.remove(entry)
            }
        }
        removeEmptyFolder(name)
    }

    /// The names inside, without `.` and `..` (names that are not UTF-8 are left out:
    /// collect never makes them).
    func names() -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else { return [] }
        defer { closedir(dir) }
        rewinddir(dir)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [String] = []
        while let record = readdir(dir) {
            // Read through a pointer up to the NUL: records are only as long as the name.
            let name = UnsafeRawPointer(record).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(name), count: strlen(name)))
            guard let text = String(validating: bytes, as: UTF8.self), text != ".", text != ".." else { continue }
            names.append(text)
        }
        return names
    }

    /// The regular file `name` inside, owned by this user, of at most `limit` bytes; a
    /// symlink is refused. nil when there is no such name.
    func readOwnFile(_ name: String, limit: Int) throws(ProofsheetError) -> [UInt8]? {
        let shown = display + "/" + name
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw ProofsheetError(shown, errno == ELOOP ? "is a symlink" : "cannot be read (\(FileSystem.errnoText()))")
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw ProofsheetError(shown, "is not a regular file") }
        guard info.st_uid == getuid() else { throw ProofsheetError(shown, "belongs to another user (uid \(info.st_uid))") }
        guard info.st_size <= limit else { throw ProofsheetError(shown, "is too large (\(info.st_size) bytes)") }
        guard case .success(let bytes) = FileSystem.readFully(file, count: Int(info.st_size)) else {
            throw ProofsheetError(shown, "cannot be read (\(FileSystem.errnoText()))")
        }
        return bytes
    }
}

/// A file as the kernel knows it: its device and inode. A name can be pointed elsewhere;
/// these cannot be chosen by whoever makes a file, so a journal that records them tells
/// the files collect staged from any others.
struct FileIdentity: Codable, Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
