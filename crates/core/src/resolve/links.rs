//! Who names whom in a channel, built in one pass: every name gets a number (the entries first,
//! in order, then the names only `replaces` and `skips` give), and the `replaces` and `skips`
//! links are kept as flat adjacency lists over those numbers. OLM v0's chain order
//! (spec/olm.md §5.2), the channel head (spec/olm.md §2.2) and the resolution index all read it.

use foldhash::{HashMap, HashMapExt};

use crate::graph::Head;
use crate::model::Channel;

/// Lists of values per key, stored flat: `values[starts[k]..starts[k + 1]]`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Csr {
    starts: Vec<u32>,
    values: Vec<u32>,
}

impl Csr {
    /// Groups `(key, value)` pairs by key, keeping their order within a key and dropping a
    /// value equal to the one before it in the same key.
    ///
    /// # Complexity
    /// O(K + P) for K keys and P pairs (a counting sort).
    pub(crate) fn build(keys: usize, pairs: &[(u32, u32)]) -> Csr {
        let mut starts = vec![0u32; keys + 1];
        for &(k, _) in pairs {
            starts[k as usize + 1] += 1;
        }
        for k in 0..keys {
            starts[k + 1] += starts[k];
        }
        let mut fill: Vec<u32> = starts[..keys].to_vec();
        let mut values = vec![0u32; pairs.len()];
        for &(k, v) in pairs {
            let at = &mut fill[k as usize];
            values[*at as usize] = v;
            *at += 1;
        }
        // Drop repeats (the same entry naming a name twice), then close the gaps.
        let mut out = Csr {
            starts: Vec::with_capacity(keys + 1),
            values: Vec::with_capacity(values.len()),
        };
        out.starts.push(0);
        for k in 0..keys {
            let segment = &values[starts[k] as usize..starts[k + 1] as usize];
            for (j, &v) in segment.iter().enumerate() {
                if j == 0 || segment[j - 1] != v {
                    out.values.push(v);
                }
            }
            out.starts.push(out.values.len() as u32);
        }
        out
    }

    /// The values of `key` (empty for a key out of range).
    pub(crate) fn get(&self, key: usize) -> &[u32] {
        match (self.starts.get(key), self.starts.get(key + 1)) {
            (Some(&a), Some(&b)) => &self.values[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// The links of one channel.
#[derive(Debug, Clone)]
pub(crate) struct Links<'a> {
    /// Number of entries: ids below it are entries (their index), ids from it on are names
    /// that only `replaces` or `skips` give.
    pub(crate) entries: usize,
    ids: HashMap<&'a str, u32>,
    /// For each entry, the id of its name: its own index, or the first entry's of that name.
    entry_ids: Vec<u32>,
    /// For each entry, the entry its `replaces` names, when that is an entry.
    pub(crate) replaces: Vec<Option<u32>>,
    /// For each id, the entries whose `replaces` names it, in entry order.
    pub(crate) replaced_by: Csr,
    /// For each id, the entries whose `skips` name it, in entry order, each once.
    pub(crate) skipped_by: Csr,
}

impl<'a> Links<'a> {
    /// # Complexity
    /// O(V + S) expected time and memory for V entries and S names in `replaces`/`skips`.
    pub(crate) fn new(channel: &'a Channel) -> Links<'a> {
        let n = channel.entries.len();
        let mut ids: HashMap<&str, u32> = HashMap::with_capacity(n);
        let entry_ids: Vec<u32> = (channel.entries.iter().enumerate())
            .map(|(i, e)| *ids.entry(e.name.as_str()).or_insert(i as u32))
            .collect();
        let mut names = n as u32;
        let mut id_of = |name: &'a str| {
            *ids.entry(name).or_insert_with(|| {
                names += 1;
                names - 1
            })
        };
        let mut replace_pairs = Vec::with_capacity(n);
        let mut skip_pairs = Vec::new();
        let mut replaces = vec![None; n];
        for (i, e) in channel.entries.iter().enumerate() {
            if let Some(r) = &e.replaces {
                let id = id_of(r);
                replace_pairs.push((id, i as u32));
                replaces[i] = ((id as usize) < n).then_some(id);
            }
            for s in &e.skips {
                skip_pairs.push((id_of(s), i as u32));
            }
        }
        let keys = names as usize;
        Links {
            entries: n,
            replaced_by: Csr::build(keys, &replace_pairs),
            skipped_by: Csr::build(keys, &skip_pairs),
            ids,
            entry_ids,
            replaces,
        }
    }

    /// The id of entry `i`'s name (no hashing: found when the links were built).
    pub(crate) fn entry_id(&self, i: usize) -> usize {
        self.entry_ids[i] as usize
    }

    /// True when some entry's `replaces` or `skips` names the name of id `id`.
    pub(crate) fn is_named(&self, id: usize) -> bool {
        !self.replaced_by.get(id).is_empty() || !self.skipped_by.get(id).is_empty()
    }

    /// The id of a name of the channel.
    pub(crate) fn id(&self, name: &str) -> Option<usize> {
        self.ids.get(name).map(|&i| i as usize)
    }

    /// The entry index of a name, when it is an entry.
    pub(crate) fn entry_index(&self, name: &str) -> Option<usize> {
        self.id(name).filter(|&i| i < self.entries)
    }

    /// True when some entry's `skips` names entry `i`.
    pub(crate) fn is_skipped(&self, i: usize) -> bool {
        !self.skipped_by.get(i).is_empty()
    }

    /// Entries no `replaces` or `skips` of the channel names, in entry order.
    ///
    /// # Complexity
    /// O(V) for V entries.
    pub(crate) fn heads(&self) -> Vec<usize> {
        (0..self.entries)
            .filter(|&i| self.replaced_by.get(i).is_empty() && !self.is_skipped(i))
            .collect()
    }

    /// The channel head as opm computes it ([`crate::graph::channel_head`]).
    ///
    /// # Complexity
    /// O(V + H log H) for V entries and H heads.
    pub(crate) fn head(&self, channel: &Channel) -> Head {
        Head::of(
            self.heads()
                .into_iter()
                .map(|i| channel.entries[i].name.clone())
                .collect(),
        )
    }
}
