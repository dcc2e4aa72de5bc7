//! Work the frame must not wait for: the computer's search, the hint, the
//! analysis, a puzzle's defence and judgement.
//!
//! A piece of work is a [`Work`]: a step function that makes progress and
//! says whether it is done, with findings so far or none. [`Background`]
//! starts it as a [`Job`]: on the desktop the steps run one after another on
//! Bevy's async compute pool, each as long as the work likes; on the web
//! page, which has no threads, one step a frame runs on the main thread
//! within [`WEB_SLICE`]. Either way the main thread only polls, so a frame
//! never waits on a search. Dropping a job cancels it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use bevy::prelude::*;
use web_time::Duration;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Background>();
}

/// How long one step of a job may hold the web page's main thread: short
/// enough to keep the page drawing smoothly.
pub const WEB_SLICE: Duration = Duration::from_millis(10);

/// What a step came to.
#[derive(Debug, PartialEq)]
pub enum Step<T> {
    /// Nothing new yet.
    Working,
    /// Findings so far; the work goes on.
    Partial(T),
    /// The last findings; the work is over.
    Done(T),
}

/// Work done a step at a time.
pub trait Work: Send + 'static {
    type Output: Send + 'static;

    /// Makes progress. `slice` is how long this step may take: `None` on a
    /// worker thread (as long as the work likes, though a step that returns
    /// now and then lets the job see a cancellation), a few milliseconds on
    /// the web page. `cancel` is set once nobody wants the answer.
    fn step(&mut self, slice: Option<Duration>, cancel: &AtomicBool) -> Step<Self::Output>;
}

/// Starts jobs and counts them, for the window's wake-ups and the tests.
#[derive(Resource, Clone, Debug, Default)]
pub struct Background {
    /// Jobs started and not yet finished or dropped.
    live: Arc<AtomicUsize>,
    /// Jobs whose work is still on a worker thread, cancelled or not.
    on_threads: Arc<AtomicUsize>,
}

impl Background {
    /// Starts `work` in the background.
    pub fn start<W: Work>(&self, work: W) -> Job<W::Output> {
        self.live.fetch_add(1, Ordering::SeqCst);
        let cancel = Arc::new(AtomicBool::new(false));
        Job {
            cancel: cancel.clone(),
            live: Some(self.live.clone()),
            runner: Runner::start(work, cancel, &self.on_threads),
        }
    }

    /// No job is running (every one finished or was dropped).
    pub fn is_idle(&self) -> bool {
        self.live.load(Ordering::SeqCst) == 0
    }

    /// Jobs whose work has not yet left its worker thread, cancelled ones
    /// included (always 0 on the web page).
    pub fn on_threads(&self) -> usize {
        self.on_threads.load(Ordering::SeqCst)
    }
}

/// A piece of work under way; dropping it cancels the work.
pub struct Job<T: Send + 'static> {
    cancel: Arc<AtomicBool>,
    /// The count of live jobs, until this one ends.
    live: Option<Arc<AtomicUsize>>,
    runner: Runner<T>,
}

impl<T: Send + 'static> Job<T> {
    /// What the work has come to since the last poll. On the web page this
    /// runs one step of it first.
    pub fn poll(&mut self) -> Step<T> {
        let step = self.runner.poll(&self.cancel);
        if matches!(step, Step::Done(_)) {
            self.end();
        }
        step
    }

    fn end(&mut self) {
        if let Some(live) = self.live.take() {
            live.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl<T: Send + 'static> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.end();
    }
}

/// The latest findings of a worker thread and whether it is done.
#[cfg(not(target_arch = "wasm32"))]
struct Inbox<T> {
    latest: Option<T>,
    done: bool,
}

#[cfg(not(target_arch = "wasm32"))]
struct Runner<T> {
    inbox: Arc<std::sync::Mutex<Inbox<T>>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl<T: Send + 'static> Runner<T> {
    fn start<W: Work<Output = T>>(
        mut work: W,
        cancel: Arc<AtomicBool>,
        on_threads: &Arc<AtomicUsize>,
    ) -> Runner<T> {
        let inbox = Arc::new(std::sync::Mutex::new(Inbox {
            latest: None,
            done: false,
        }));
        let slot = inbox.clone();
        // Counted until the task is gone, whether it ran to the end or was
        // dropped before it started.
        let guard = ThreadGuard::new(on_threads.clone());
        bevy::tasks::AsyncComputeTaskPool::get()
            .spawn(async move {
                let _guard = guard;
                while !cancel.load(Ordering::Relaxed) {
                    let step = work.step(None, &cancel);
                    // A cancelled job's findings are stale.
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut inbox = slot.lock().unwrap_or_else(|p| p.into_inner());
                    match step {
                        Step::Working => {}
                        Step::Partial(found) => inbox.latest = Some(found),
                        Step::Done(found) => {
                            inbox.latest = Some(found);
                            inbox.done = true;
                            return;
                        }
                    }
                }
            })
            .detach();
        Runner { inbox }
    }

    fn poll(&mut self, _cancel: &AtomicBool) -> Step<T> {
        let mut inbox = self.inbox.lock().unwrap_or_else(|p| p.into_inner());
        match (inbox.latest.take(), inbox.done) {
            (Some(found), true) => Step::Done(found),
            (Some(found), false) => Step::Partial(found),
            (None, _) => Step::Working,
        }
    }
}

/// Keeps a job counted in [`Background::on_threads`] while its task lives.
#[cfg(not(target_arch = "wasm32"))]
struct ThreadGuard(Arc<AtomicUsize>);

#[cfg(not(target_arch = "wasm32"))]
impl ThreadGuard {
    fn new(counter: Arc<AtomicUsize>) -> ThreadGuard {
        counter.fetch_add(1, Ordering::SeqCst);
        ThreadGuard(counter)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for ThreadGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The work itself, run a step a frame (in a mutex only so that the job,
/// like every resource, may be shared between threads).
#[cfg(target_arch = "wasm32")]
struct Runner<T> {
    work: std::sync::Mutex<Option<Box<dyn Work<Output = T>>>>,
}

#[cfg(target_arch = "wasm32")]
impl<T: Send + 'static> Runner<T> {
    fn start<W: Work<Output = T>>(
        work: W,
        _cancel: Arc<AtomicBool>,
        _on_threads: &Arc<AtomicUsize>,
    ) -> Runner<T> {
        Runner {
            work: std::sync::Mutex::new(Some(Box::new(work))),
        }
    }

    fn poll(&mut self, cancel: &AtomicBool) -> Step<T> {
        let slot = self.work.get_mut().unwrap_or_else(|p| p.into_inner());
        let Some(work) = slot.as_mut() else {
            return Step::Working;
        };
        let step = work.step(Some(WEB_SLICE), cancel);
        if matches!(step, Step::Done(_)) {
            *slot = None;
        }
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts to a number, a few at a step, reporting each step's count.
    struct Count {
        at: u32,
        to: u32,
    }

    impl Work for Count {
        type Output = u32;

        fn step(&mut self, _: Option<Duration>, _: &AtomicBool) -> Step<u32> {
            self.at += 3;
            if self.at >= self.to {
                Step::Done(self.to)
            } else {
                Step::Partial(self.at)
            }
        }
    }

    /// Never ends by itself.
    struct Forever;

    impl Work for Forever {
        type Output = ();

        fn step(&mut self, _: Option<Duration>, _: &AtomicBool) -> Step<()> {
            std::thread::sleep(Duration::from_millis(1));
            Step::Working
        }
    }

    fn pool() {
        bevy::tasks::AsyncComputeTaskPool::get_or_init(bevy::tasks::TaskPool::new);
    }

    #[test]
    fn a_job_ends_with_its_works_last_findings_and_is_counted_until_then() {
        pool();
        let background = Background::default();
        let mut job = background.start(Count { at: 0, to: 10 });
        assert!(!background.is_idle());
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        let last = loop {
            match job.poll() {
                Step::Done(n) => break n,
                Step::Partial(n) => assert!(n < 10),
                Step::Working => std::thread::yield_now(),
            }
            assert!(std::time::Instant::now() < deadline, "the job never ended");
        };
        assert_eq!(last, 10);
        assert!(background.is_idle());
        drop(job);
        assert!(background.is_idle(), "a finished job is not counted twice");
    }

    #[test]
    fn a_dropped_job_is_cancelled_and_leaves_its_thread() {
        pool();
        let background = Background::default();
        let job = background.start(Forever);
        drop(job);
        assert!(background.is_idle());
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while background.on_threads() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the work never stopped"
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
