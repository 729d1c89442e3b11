//! The wrapped layout on every distinct real channel: versions read in order (left to right, top
//! to bottom), the head ends the reading order among the entries, and with every fan drawn each
//! fan has its rail. (The crossings of the `replaces` chain are counted by the layout benchmark.)

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use olm_graph_core::graph::{channel_graphs, ChannelGraph, Head};
use olm_graph_core::layout::{layout_channel, FanMode, Layout, LayoutOptions};

/// Every catalog unit: files, `*-split` directories and legacy package directories.
fn units(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = read.flatten().map(|e| e.path()).collect();
    entries.sort();
    let legacy = dir
        .parent()
        .is_some_and(|p| p.ends_with("legacy-package-manifests"));
    for p in entries {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if p.is_dir() {
            if name == "templates" {
                continue;
            }
            if name.ends_with("-split") || legacy {
                out.push(p);
            } else {
                units(&p, out);
            }
        } else if (name.ends_with(".yaml") || name.ends_with(".json") || name.ends_with(".yml"))
            && name != "manifest.json"
        {
            out.push(p);
        }
    }
}

/// Every distinct real channel with two or more entries.
fn real_channels() -> Vec<ChannelGraph> {
    let mut paths = Vec::new();
    units(&common::catalogs_dir(), &mut paths);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for path in &paths {
        let Ok(catalog) = olm_graph_core::load_paths(&[path]) else {
            continue;
        };
        for g in catalog.packages.iter().flat_map(channel_graphs) {
            let key = format!(
                "{}|{}|{:?}|{:?}",
                g.package,
                g.channel,
                g.nodes
                    .iter()
                    .map(|n| (&n.name, n.is_virtual))
                    .collect::<Vec<_>>(),
                g.edges
                    .iter()
                    .map(|e| (e.from, e.to, e.kind))
                    .collect::<Vec<_>>()
            );
            if g.entry_count() >= 2 && seen.insert(key) {
                out.push(g);
            }
        }
    }
    out
}

/// Where node `u` is in reading order: its row, then its x.
fn reading(l: &Layout, u: usize) -> (usize, i64) {
    let b = &l.nodes[u];
    (b.row, b.x.round() as i64)
}

#[test]
fn every_real_channel_reads_in_version_order_with_the_head_last() {
    let channels = real_channels();
    assert!(channels.len() >= 200, "{} channels", channels.len());
    let markers = LayoutOptions::default();
    let bands = LayoutOptions {
        fans: FanMode::Bands,
        ..LayoutOptions::default()
    };
    for g in &channels {
        let what = format!("{}/{}", g.package, g.channel);
        let l = layout_channel(g, &markers);
        // Entries with versions read in version order.
        let mut entries: Vec<usize> = (0..g.nodes.len())
            .filter(|&u| !g.nodes[u].is_virtual && g.nodes[u].version.is_some())
            .collect();
        entries.sort_by(|&a, &b| g.nodes[a].version.cmp(&g.nodes[b].version));
        for w in entries.windows(2) {
            if g.nodes[w[0]].version != g.nodes[w[1]].version {
                assert!(
                    reading(&l, w[0]) < reading(&l, w[1]),
                    "{what}: {} before {}",
                    g.nodes[w[0]].name,
                    g.nodes[w[1]].name
                );
            }
        }
        // A single head that is the newest entry ends the reading order of the entries.
        if let Head::Unique(name) = &g.head {
            let h = g.nodes.iter().position(|n| &n.name == name);
            if let (Some(h), true) = (h, entries.last() == h.as_ref()) {
                assert!(
                    entries.iter().all(|&u| reading(&l, u) <= reading(&l, h)),
                    "{what}: the head ends the reading order"
                );
            }
        }
        // With every fan drawn, every fan keeps a rail into its entry and a tap per source.
        let drawn = layout_channel(g, &bands);
        for b in &drawn.bands {
            assert!(b.rail.risers.iter().any(|r| r.0 == b.to), "{what}: riser");
            assert_eq!(b.rail.taps.len(), b.sources.len(), "{what}: taps");
        }
    }
}
