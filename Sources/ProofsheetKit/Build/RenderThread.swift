import Foundation

/// One render worker's own thread. A photo's work blocks: its file is opened and read, and
/// its three images are created and renamed into place, and creating a file can wait on
/// the disk for milliseconds (the filesystem reads its inode tables). Swift's tasks run on
/// a cooperative pool of a thread a core, so a worker blocked there kept its core idle,
/// and `--jobs 4` on two cores ran two photos at once, not four. On threads of their own,
/// `--jobs` photos are under way at once, whatever the cores, and while one waits on the
/// disk another's decoding takes the core.
///
/// The thread owns the colour transforms its photos use (`ColorTransforms`, made once a
/// profile and a worker): they are made on it, used on it and freed on it, and never leave it.
final class RenderThread: @unchecked Sendable {
    private let condition = NSCondition()
    /// The next piece of work (guarded by `condition`); nil when there is none.
    private var work: (@Sendable (inout ColorTransforms) -> Void)?
    private var closed = false

    /// Decoders recurse (libjpeg, libheif, libraw): the main thread's 8 MB, not a
    /// secondary thread's default.
    static let stackSize = 8 << 20

    init() {
        let thread = Thread { [self] in loop() }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// Runs `body` on this thread with its colour transforms, and returns what it returns;
    /// the task waiting for it gives its pool thread up meanwhile.
    func run<T: Sendable>(_ body: @escaping @Sendable (inout ColorTransforms) -> T) async -> T {
        await withCheckedContinuation { continuation in
            condition.lock()
            precondition(work == nil && !closed, "a render thread runs one piece of work at a time")
            work = { colors in continuation.resume(returning: body(&colors)) }
            condition.signal()
            condition.unlock()
        }
    }

    /// Ends the thread once its work is done.
    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    private func loop() {
        var colors = ColorTransforms()
        while true {
            condition.lock()
            while work == nil && !closed { condition.wait() }
            guard let next = work else {
                condition.unlock()
                return
            }
            work = nil
            condition.unlock()
            next(&colors)
        }
    }
}
