//! Counts and markers for lists and tabs ([`package_summaries`], [`channel_summaries`]), the
//! natural order of channel names ([`natural_cmp`]), and what a finding points at
//! ([`finding_target`]), so a UI can focus it.

use std::collections::HashMap;

use crate::diag::{Diagnostic, Severity};
use crate::graph::{channel_head, ChannelGraph, Head};
use crate::model::{Catalog, Package};
use crate::sort::SortWith;

/// Counts and markers of a package, for a package list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageSummary {
    /// The package's name.
    pub name: String,
    /// How many channels it has.
    pub channels: usize,
    /// How many bundles it has.
    pub bundles: usize,
    /// Its default channel.
    pub default_channel: Option<String>,
    /// The package-level deprecation message.
    pub deprecation: Option<String>,
    /// Error findings about the package.
    pub errors: usize,
    /// Warning findings about the package.
    pub warnings: usize,
}

/// One summary per package, in package order; `findings` are counted per package.
///
/// # Complexity
/// O(P + F) for P packages and F findings.
pub fn package_summaries(catalog: &Catalog, findings: &[Diagnostic]) -> Vec<PackageSummary> {
    let mut counts: HashMap<&str, (usize, usize)> = HashMap::new();
    for d in findings {
        if let Some(p) = &d.package {
            let c = counts.entry(p.as_str()).or_default();
            match d.severity {
                Severity::Error => c.0 += 1,
                Severity::Warning => c.1 += 1,
                Severity::Info => {}
            }
        }
    }
    catalog
        .packages
        .iter()
        .map(|p| {
            let (errors, warnings) = counts.get(p.name.as_str()).copied().unwrap_or_default();
            PackageSummary {
                name: p.name.clone(),
                channels: p.channels.len(),
                bundles: p.bundles.len(),
                default_channel: p.default_channel.clone(),
                deprecation: p
                    .deprecations
                    .package
                    .as_ref()
                    .map(|m| m.trim().to_string()),
                errors,
                warnings,
            }
        })
        .collect()
}

/// Markers of a channel, for tabs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelSummary {
    /// The channel's name.
    pub name: String,
    /// How many entries it has.
    pub entries: usize,
    /// It is the package's default channel.
    pub is_default: bool,
    /// The channel's deprecation message.
    pub deprecation: Option<String>,
    /// The unique head, when there is one.
    pub head: Option<String>,
}

/// One summary per channel of the package, default channel first, then by name.
///
/// # Complexity
/// O(total entries).
pub fn channel_summaries(package: &Package) -> Vec<ChannelSummary> {
    channel_summaries_of(package, &[])
}

/// [`channel_summaries`] with each channel's head taken from its graph (`graphs` as
/// [`crate::graph::channel_graphs`] builds them, one per channel in the package's order)
/// instead of found again; a channel without its graph there has its head found.
///
/// # Complexity
/// O(C log C) for C channels, plus O(entries) for the channels without their graph.
pub fn channel_summaries_of(package: &Package, graphs: &[ChannelGraph]) -> Vec<ChannelSummary> {
    let mut out: Vec<ChannelSummary> = package
        .channels
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let head = match graphs.get(i) {
                Some(g) if g.channel == c.name => g.head.clone(),
                _ => channel_head(c),
            };
            ChannelSummary {
                name: c.name.clone(),
                entries: c.entries.len(),
                is_default: package.default_channel.as_deref() == Some(c.name.as_str()),
                deprecation: package
                    .deprecations
                    .channels
                    .get(&c.name)
                    .map(|m| m.trim().to_string()),
                head: match head {
                    Head::Unique(h) => Some(h),
                    _ => None,
                },
            }
        })
        .collect();
    out.sort_with(|a, b| {
        b.is_default
            .cmp(&a.is_default)
            .then_with(|| natural_cmp(&a.name, &b.name))
    });
    out
}

/// Compares names with their digit runs as numbers: `v1.9` < `v1.10`, `stable-3.6` <
/// `stable-3.17`; equal-looking names fall back to plain order.
///
/// # Complexity
/// O(length of the names).
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let i = x.iter().take_while(|c| c.is_ascii_digit()).count();
                let j = y.iter().take_while(|c| c.is_ascii_digit()).count();
                let (n, m) = (&x[..i], &y[..j]);
                let strip = |s: &[u8]| -> usize { s.iter().take_while(|&&c| c == b'0').count() };
                let (n, m) = (&n[strip(n)..], &m[strip(m)..]);
                let ord = n.len().cmp(&m.len()).then_with(|| n.cmp(m));
                if ord != Ordering::Equal {
                    return ord;
                }
                x = &x[i..];
                y = &y[j..];
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(d);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}

/// What a finding is about, most specific first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FindingTarget {
    /// A bundle (in a channel, when the finding names one).
    Bundle {
        /// The package.
        package: String,
        /// The channel, when named.
        channel: Option<String>,
        /// The bundle.
        bundle: String,
    },
    /// A channel.
    Channel {
        /// The package.
        package: String,
        /// The channel.
        channel: String,
    },
    /// A package.
    Package {
        /// The package.
        package: String,
    },
    /// Only a file position (a file that could not be read, ...).
    File,
}

/// The most specific thing a finding is about.
///
/// # Complexity
/// O(1) (plus copying the names).
pub fn finding_target(d: &Diagnostic) -> FindingTarget {
    match (&d.package, &d.channel, &d.bundle) {
        (Some(p), c, Some(b)) => FindingTarget::Bundle {
            package: p.clone(),
            channel: c.clone(),
            bundle: b.clone(),
        },
        (Some(p), Some(c), None) => FindingTarget::Channel {
            package: p.clone(),
            channel: c.clone(),
        },
        (Some(p), None, None) => FindingTarget::Package { package: p.clone() },
        _ => FindingTarget::File,
    }
}
