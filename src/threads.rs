//! Starting worker threads, which the system may refuse.
//!
//! The breadth-first engine and the batch both start their workers here, so that a thread
//! refused under a memory or process limit means fewer workers and a warning in both, never
//! an abort.

/// Starts up to `n` threads with `spawn_one` (given each one's number) and returns how many
/// started. The system may refuse a thread (a limit on memory or processes): then no more are
/// tried, and a warning says how many run, so that the caller goes on with fewer instead of
/// aborting.
pub(crate) fn spawn_workers(
    n: usize,
    what: &str,
    mut spawn_one: impl FnMut(usize) -> std::io::Result<()>,
) -> usize {
    for i in 0..n {
        if let Err(error) = spawn_one(i) {
            tracing::warn!(
                "started {i} of {n} {what} threads: the system refused more ({}); going on with {}",
                crate::error::in_words(&error),
                if i == 0 {
                    "the calling thread alone".to_owned()
                } else {
                    format!("{i}")
                }
            );
            return i;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread the system refuses stops the spawning, and the count says how many run: the
    /// engines go on with those (once it was `expect`, and an abort).
    #[test]
    fn refused_threads_leave_fewer_workers_not_an_abort() {
        let refuse_from = |n: usize| {
            move |i: usize| {
                if i >= n {
                    Err(std::io::Error::from(std::io::ErrorKind::WouldBlock))
                } else {
                    Ok(())
                }
            }
        };
        assert_eq!(spawn_workers(64, "test", refuse_from(3)), 3);
        assert_eq!(spawn_workers(64, "test", refuse_from(0)), 0);
        assert_eq!(spawn_workers(4, "test", refuse_from(10)), 4);
    }
}
