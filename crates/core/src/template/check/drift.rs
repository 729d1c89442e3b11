//! Drift: where a rendered catalog differs from what its template renders — packages, default
//! channels, channels, entries, upgrade edges (`replaces`, `skips`, `skipRange`) and bundles
//! missing from either side.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::Serialize;

use crate::model::{Catalog, Channel, ChannelEntry, Package};

/// Which side has something the other lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The catalog template, rendered offline.
    Template,
    /// The published (rendered) catalog.
    Rendered,
}

/// An entry present in one side's channel only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryDrift {
    /// The channel.
    pub channel: String,
    /// The entry's bundle.
    pub bundle: String,
    /// The side that has it.
    pub only_in: Side,
}

/// An entry of both sides whose edges differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EdgeDrift {
    /// The channel.
    pub channel: String,
    /// The entry's bundle.
    pub bundle: String,
    /// `replaces`, `skips` or `skipRange`.
    pub field: &'static str,
    /// The template's value (`skips`: the names only the template has).
    pub template: Vec<String>,
    /// The rendered catalog's value (`skips`: the names only it has).
    pub rendered: Vec<String>,
}

/// The drift of one package.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PackageDrift {
    /// The package.
    pub package: String,
    /// Set when the package is on one side only (nothing else is listed then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_in: Option<Side>,
    /// (template, rendered) default channels, when they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_channel: Option<(Option<String>, Option<String>)>,
    /// Channels the template has and the rendered catalog lacks.
    pub channels_only_in_template: Vec<String>,
    /// Channels the rendered catalog has and the template lacks.
    pub channels_only_in_rendered: Vec<String>,
    /// Entries of a shared channel on one side only.
    pub entries: Vec<EntryDrift>,
    /// Entries of both sides whose `replaces`, `skips` or `skipRange` differ.
    pub edges: Vec<EdgeDrift>,
    /// Bundles the template has and the rendered catalog lacks.
    pub bundles_only_in_template: Vec<String>,
    /// Bundles the rendered catalog has and the template lacks.
    pub bundles_only_in_rendered: Vec<String>,
}

impl PackageDrift {
    /// True when the package is the same on both sides.
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.only_in.is_none()
            && self.default_channel.is_none()
            && self.channels_only_in_template.is_empty()
            && self.channels_only_in_rendered.is_empty()
            && self.entries.is_empty()
            && self.edges.is_empty()
            && self.bundles_only_in_template.is_empty()
            && self.bundles_only_in_rendered.is_empty()
    }
}

/// Every package that differs between the template's catalog and the rendered one.
///
/// # Complexity
/// O((V + E) log V) over all channels of both sides, for V entries and E skips.
pub fn compare(template: &Catalog, rendered: &Catalog) -> Vec<PackageDrift> {
    let names: BTreeSet<&str> = template
        .packages
        .iter()
        .chain(&rendered.packages)
        .map(|p| p.name.as_str())
        .collect();
    names
        .into_iter()
        .map(|n| match (template.package(n), rendered.package(n)) {
            (Some(t), Some(r)) => compare_package(t, r),
            (Some(_), None) => only(n, Side::Template),
            (None, _) => only(n, Side::Rendered),
        })
        .filter(|d| !d.is_empty())
        .collect()
}

fn only(name: &str, side: Side) -> PackageDrift {
    PackageDrift {
        package: name.to_string(),
        only_in: Some(side),
        ..PackageDrift::default()
    }
}

fn compare_package(t: &Package, r: &Package) -> PackageDrift {
    let mut d = PackageDrift {
        package: t.name.clone(),
        ..PackageDrift::default()
    };
    if t.default_channel != r.default_channel {
        d.default_channel = Some((t.default_channel.clone(), r.default_channel.clone()));
    }
    let (tc, rc) = (names(&t.channels), names(&r.channels));
    d.channels_only_in_template = tc.difference(&rc).map(|s| s.to_string()).collect();
    d.channels_only_in_rendered = rc.difference(&tc).map(|s| s.to_string()).collect();
    for c in &t.channels {
        if let Some(rch) = r.channel(&c.name) {
            compare_channel(c, rch, &mut d);
        }
    }
    let tb: BTreeSet<&str> = t.bundles.iter().map(|b| b.name.as_str()).collect();
    let rb: BTreeSet<&str> = r.bundles.iter().map(|b| b.name.as_str()).collect();
    d.bundles_only_in_template = tb.difference(&rb).map(|s| s.to_string()).collect();
    d.bundles_only_in_rendered = rb.difference(&tb).map(|s| s.to_string()).collect();
    d
}

fn names(channels: &[Channel]) -> BTreeSet<&str> {
    channels.iter().map(|c| c.name.as_str()).collect()
}

fn compare_channel(t: &Channel, r: &Channel, d: &mut PackageDrift) {
    let te: BTreeMap<&str, &ChannelEntry> =
        t.entries.iter().map(|e| (e.name.as_str(), e)).collect();
    let re: BTreeMap<&str, &ChannelEntry> =
        r.entries.iter().map(|e| (e.name.as_str(), e)).collect();
    for (name, side) in te
        .keys()
        .filter(|n| !re.contains_key(*n))
        .map(|n| (n, Side::Template))
        .chain(
            re.keys()
                .filter(|n| !te.contains_key(*n))
                .map(|n| (n, Side::Rendered)),
        )
    {
        d.entries.push(EntryDrift {
            channel: t.name.clone(),
            bundle: name.to_string(),
            only_in: side,
        });
    }
    for (name, a) in &te {
        if let Some(b) = re.get(name) {
            compare_edges(&t.name, a, b, d);
        }
    }
}

fn compare_edges(channel: &str, a: &ChannelEntry, b: &ChannelEntry, d: &mut PackageDrift) {
    let edge = |field, template: Vec<String>, rendered: Vec<String>| EdgeDrift {
        channel: channel.to_string(),
        bundle: a.name.clone(),
        field,
        template,
        rendered,
    };
    if a.replaces != b.replaces {
        let v = |x: &Option<String>| x.iter().cloned().collect();
        d.edges
            .push(edge("replaces", v(&a.replaces), v(&b.replaces)));
    }
    let sa: BTreeSet<&String> = a.skips.iter().collect();
    let sb: BTreeSet<&String> = b.skips.iter().collect();
    if sa != sb {
        let diff = |x: &BTreeSet<&String>, y: &BTreeSet<&String>| {
            x.difference(y).map(|s| s.to_string()).collect()
        };
        d.edges.push(edge("skips", diff(&sa, &sb), diff(&sb, &sa)));
    }
    if a.skip_range != b.skip_range {
        let v = |x: &Option<String>| x.iter().cloned().collect();
        d.edges
            .push(edge("skipRange", v(&a.skip_range), v(&b.skip_range)));
    }
}

/// The drift as text, one line per difference (empty when there is none).
///
/// # Complexity
/// O(d) for d differences.
pub fn render_text(drift: &[PackageDrift]) -> String {
    let mut out = String::new();
    for d in drift {
        let p = &d.package;
        if let Some(side) = d.only_in {
            let _ = writeln!(out, "package {p:?}: only in the {}", side_name(side));
            continue;
        }
        if let Some((t, r)) = &d.default_channel {
            let _ = writeln!(
                out,
                "package {p:?}: default channel {:?} in the template, {:?} in the rendered catalog",
                t.as_deref().unwrap_or(""),
                r.as_deref().unwrap_or("")
            );
        }
        for c in &d.channels_only_in_template {
            let _ = writeln!(out, "package {p:?}: channel {c:?} only in the template");
        }
        for c in &d.channels_only_in_rendered {
            let _ = writeln!(
                out,
                "package {p:?}: channel {c:?} only in the rendered catalog"
            );
        }
        for e in &d.entries {
            let _ = writeln!(
                out,
                "package {p:?} channel {:?}: entry {:?} only in the {}",
                e.channel,
                e.bundle,
                side_name(e.only_in)
            );
        }
        for e in &d.edges {
            let _ = writeln!(out, "package {p:?} channel {:?} entry {:?}: {} {:?} in the template, {:?} in the rendered catalog", e.channel, e.bundle, e.field, e.template, e.rendered);
        }
        for b in &d.bundles_only_in_template {
            let _ = writeln!(out, "package {p:?}: bundle {b:?} only in the template");
        }
        for b in &d.bundles_only_in_rendered {
            let _ = writeln!(
                out,
                "package {p:?}: bundle {b:?} only in the rendered catalog"
            );
        }
    }
    out
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::Template => "template",
        Side::Rendered => "rendered catalog",
    }
}
