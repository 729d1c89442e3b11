//! What the cut marks on one drawn channel (spec/mirror.md §3–5), for a user interface: per
//! bundle kept, kept only for the chain, dropped, stranded, the new head; and the channels of
//! a package the cut drops. Computed from a [`MirrorReport`], never from OLM rules of its own.

use std::collections::{HashMap, HashSet};

use super::MirrorReport;
use crate::model::Package;
use crate::sort::SortWith;

/// What the cut does to one bundle of the drawn channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// Kept, inside the range (or no range).
    Kept,
    /// Kept only because the replaces chain needs it (outside the range).
    Required,
    /// Not mirrored.
    Dropped,
}

/// One bundle's marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BundleMark {
    /// Kept, kept only for the chain, or dropped.
    pub cut: Cut,
    /// No OLM v0 path from it to the kept head (spec/mirror.md §5).
    pub stranded: bool,
    /// The kept channel's head.
    pub head: bool,
}

impl BundleMark {
    /// The one word a drawing writes for it (`data-mirror`): `stranded` first (a stranded
    /// bundle is kept or dropped as well), then `required`, `dropped`, `kept`.
    pub fn word(self) -> &'static str {
        match (self.stranded, self.cut) {
            (true, _) => "stranded",
            (false, Cut::Required) => "required",
            (false, Cut::Dropped) => "dropped",
            (false, Cut::Kept) => "kept",
        }
    }
}

/// The marks of one channel of one package.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelMarks {
    /// The channel survives the cut.
    pub kept: bool,
    /// Its head after the cut.
    pub head: Option<String>,
    /// Per entry of the source channel.
    pub bundles: HashMap<String, BundleMark>,
}

impl ChannelMarks {
    /// The marks of `bundle` (`None` for a name the channel does not list).
    pub fn of(&self, bundle: &str) -> Option<BundleMark> {
        self.bundles.get(bundle).copied()
    }

    /// How many entries carry each word, in the order kept, required, dropped, stranded.
    ///
    /// # Complexity
    /// O(V) for V entries.
    pub fn counts(&self) -> [usize; 4] {
        let mut n = [0; 4];
        for m in self.bundles.values() {
            let i = match m.word() {
                "kept" => 0,
                "required" => 1,
                "dropped" => 2,
                _ => 3,
            };
            n[i] += 1;
        }
        n
    }
}

/// The marks of channel `channel` of `source` (the package as loaded) under `report` (a
/// report of the mirror over a catalog holding it). A package the report does not keep (not
/// selected, or it failed to filter) has every entry dropped.
///
/// # Complexity
/// O(K + V + S) for K kept packages, V entries of the channel and S stranded bundles of the
/// report.
pub fn channel_marks(source: &Package, report: &MirrorReport, channel: &str) -> ChannelMarks {
    let Some(src) = source.channel(channel) else {
        return ChannelMarks::default();
    };
    let i = report.kept.iter().position(|p| p.name == source.name);
    let cut = i.and_then(|i| report.cuts[i].iter().find(|c| c.name == channel));
    let kept: HashSet<&str> = cut
        .map(|c| c.bundles.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let required: HashSet<&str> = cut
        .map(|c| c.required.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let stranded: HashSet<&str> = report
        .stranded
        .iter()
        .filter(|s| s.package == source.name && s.channel == channel)
        .map(|s| s.bundle.as_str())
        .collect();
    let head = cut.map(|c| c.head.clone());
    let bundles = src
        .entries
        .iter()
        .map(|e| {
            let n = e.name.as_str();
            let cut = if required.contains(n) {
                Cut::Required
            } else if kept.contains(n) {
                Cut::Kept
            } else {
                Cut::Dropped
            };
            let mark = BundleMark {
                cut,
                stranded: stranded.contains(n),
                head: head.as_deref() == Some(n),
            };
            (e.name.clone(), mark)
        })
        .collect();
    ChannelMarks {
        kept: cut.is_some(),
        head,
        bundles,
    }
}

/// The channels of `source` the cut drops, sorted by name (every channel when the report does
/// not keep the package).
///
/// # Complexity
/// O(K + C log C) for K kept packages and C channels.
pub fn dropped_channels(source: &Package, report: &MirrorReport) -> Vec<String> {
    let kept: HashSet<&str> = report
        .kept
        .iter()
        .find(|p| p.name == source.name)
        .map(|p| p.channels.iter().map(|c| c.name.as_str()).collect())
        .unwrap_or_default();
    let mut out: Vec<String> = source
        .channels
        .iter()
        .filter(|c| !kept.contains(c.name.as_str()))
        .map(|c| c.name.clone())
        .collect();
    out.sort_ord();
    out
}
