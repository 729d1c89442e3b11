//! Reading files ahead of the load on worker threads (native builds only).
//!
//! Files are independent until their objects are placed, so they can be split into documents
//! and read on several threads; what each file's reader sends to its sink is recorded, and the
//! load replays it file by file in the input order, so diagnostics, document numbers, progress
//! and results are exactly those of reading one file after the other. The wasm build (the
//! browser worker has no threads) and small inputs read on the calling thread.

use crate::load::input::InputFile;
use crate::load::stream::document::{Doc, DocSink};
use crate::model::FileFormat;
use crate::yaml::Limits;

/// What a file's reader sent to its sink: the documents, and each offset reached with the
/// number of documents sent before it.
#[derive(Default)]
struct Sent {
    docs: Vec<Doc>,
    reached: Vec<(usize, usize)>,
}

/// A file read ahead: its format and what its reader sent, in order.
pub(in crate::load) struct ReadAhead {
    format: FileFormat,
    sent: Sent,
}

/// Records what a reader sends.
impl DocSink for Sent {
    fn doc(&mut self, doc: Doc) {
        self.docs.push(doc);
    }
    fn reached(&mut self, offset: usize) {
        self.reached.push((self.docs.len(), offset));
    }
}

impl ReadAhead {
    /// Reads one file into a record.
    ///
    /// # Complexity
    /// As [`read_docs_with`](crate::load::stream::read_docs_with): O(n) for a file of n bytes; memory O(objects).
    #[cfg(not(target_arch = "wasm32"))]
    fn read(file: &InputFile, limits: &Limits) -> Self {
        let mut sent = Sent::default();
        let format = crate::load::stream::read_docs_with(&file.path, &file.text, limits, &mut sent);
        ReadAhead { format, sent }
    }

    /// Sends what the reader sent to `sink`, in the same order; the file's format.
    ///
    /// # Complexity
    /// O(d) for d documents.
    pub(crate) fn replay(self, sink: &mut dyn DocSink) -> FileFormat {
        let mut reached = self.sent.reached.into_iter().peekable();
        for (i, doc) in self.sent.docs.into_iter().enumerate() {
            while let Some((_, offset)) = reached.next_if(|(before, _)| *before == i) {
                sink.reached(offset);
            }
            sink.doc(doc);
        }
        reached.for_each(|(_, offset)| sink.reached(offset));
        self.format
    }
}

/// Below this many bytes to read, threads cost more than they save.
#[cfg(not(target_arch = "wasm32"))]
const MIN_PARALLEL_BYTES: usize = 256 << 10;

/// Stack of a worker thread.
#[cfg(not(target_arch = "wasm32"))]
const STACK: usize = 8 << 20;

/// Calls `each` on every file in order, with the file read ahead on a worker thread when
/// `wanted` says it will be read (and threads are worth it), or `None` (the caller reads it).
///
/// # Complexity
/// O(B) time for B bytes of wanted files, spread over the available cores; memory O(objects of
/// the files read ahead and not yet handed over).
pub(in crate::load) fn for_each_in_order(
    files: &[InputFile],
    wanted: &[bool],
    limits: &Limits,
    each: &mut dyn FnMut(&InputFile, Option<ReadAhead>),
) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let bytes: usize = files
            .iter()
            .zip(wanted)
            .filter(|(_, w)| **w)
            .map(|(f, _)| f.text.len())
            .sum();
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let count = wanted.iter().filter(|w| **w).count();
        if threads > 1 && count > 1 && bytes >= MIN_PARALLEL_BYTES {
            return threaded(files, wanted, limits, threads.min(count), each);
        }
    }
    let _ = (wanted, limits);
    for f in files {
        each(f, None);
    }
}

/// [`for_each_in_order`] with `workers` threads reading the wanted files in input order, and
/// the calling thread handing them over as soon as each one's turn comes.
///
/// # Complexity
/// As [`for_each_in_order`].
#[cfg(not(target_arch = "wasm32"))]
fn threaded(
    files: &[InputFile],
    wanted: &[bool],
    limits: &Limits,
    workers: usize,
    each: &mut dyn FnMut(&InputFile, Option<ReadAhead>),
) {
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    let order: Vec<usize> = (0..files.len()).filter(|&i| wanted[i]).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, ReadAhead)>();
        for _ in 0..workers {
            let tx = tx.clone();
            let (order, next) = (&order, &next);
            // The main thread's stack size, for documents as deep as the limits let them be;
            // a worker that cannot start leaves its files to the others or to the caller.
            let _ = std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(scope, move || {
                    while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if tx.send((i, ReadAhead::read(&files[i], limits))).is_err() {
                            break;
                        }
                    }
                });
        }
        drop(tx);
        let mut early: HashMap<usize, ReadAhead> = HashMap::new();
        for (i, file) in files.iter().enumerate() {
            let mut ahead = None;
            if wanted[i] {
                ahead = early.remove(&i);
                while ahead.is_none() {
                    // A closed channel (a worker gone) leaves the file to the caller.
                    let Ok((j, read)) = rx.recv() else { break };
                    if j == i {
                        ahead = Some(read);
                    } else {
                        early.insert(j, read);
                    }
                }
            }
            each(file, ahead);
        }
    });
}
