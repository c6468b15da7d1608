#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a command-line program's async work on the main thread, without `dispatch_main()` and without
/// starting the cooperative thread pool.
///
/// An `async` top-level `main` hands the main thread to `dispatch_main()`, which ends it with
/// `pthread_exit()`; unwinding that thread makes the static release binary's libgcc sort every unwind-table
/// entry first (about 12 ms, ten times `date`'s whole run). Running the work on the thread pool instead costs
/// about 0.5 ms of thread start-up. Jobs of a task that prefers this executor run here one at a time;
/// continuations resumed on other threads (network callbacks, timers) are queued back to it.
///
/// Work run here must not block waiting for another job of the same task tree (it would wait forever), and
/// must not need the main actor: nothing drains the main dispatch queue.
public final class MainThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Jobs waiting to run, oldest first; guarded by `mutex`.
  private var jobs: [UnownedJob] = []

  /// Creates an executor; call ``run()`` on the thread that should run the jobs.
  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Queues a job; called by the concurrency runtime from any thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Runs queued jobs on the calling thread, waiting for more when there are none; never returns.
  public func run() -> Never {
    while true {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty { pthread_cond_wait(condition, mutex) }
      let job = jobs.removeFirst()
      pthread_mutex_unlock(mutex)
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// Runs `operation` on the calling thread and ends the process with the status it returns.
  ///
  /// - Parameter operation: The program's work; returns the exit status.
  /// - Returns: Never: the process exits when `operation` finishes.
  public static func runMain(_ operation: @escaping @Sendable () async -> Int32) -> Never {
    let executor = MainThreadExecutor()
    Task.detached(executorPreference: executor) {
      exit(await operation())
    }
    executor.run()
  }
}
