//! The first picture of a linked channel, drawn from only what `load::skim_channel` keeps of a
//! catalog (`export::skimmed_channel_svg`), is the picture drawn from the whole catalog
//! (`export::default_channel_svg` without tooltips), on every channel of every real catalog;
//! so is the `<olm-graph>` element's first draw (`export::read_skimmed_catalog`, every figure
//! an element can ask of a package); and the skim gives up on few real files (it is there to
//! be used).

use olm_graph_core::export::{
    default_channel_svg, figure, read_catalog, read_skimmed_catalog, skimmed_channel_svg,
    FigureRequest, FigureView,
};
use olm_graph_core::load::{read_paths, skim_channel, skim_text, Limits, LoadOptions};
use olm_graph_core::model::Catalog;
use olm_graph_core::open::load_fbc_files_with_progress;
use olm_graph_core::resolve::Resolver;

use crate::common;

/// The most entries of a channel compared here (the app pictures at most 1,000; the few larger
/// real channels would only make the debug build's test slow).
const MAX_ENTRIES: usize = 400;

#[test]
fn the_skimmed_picture_of_every_real_channel_is_the_whole_catalogs() {
    let mut units = Vec::new();
    common::units(&common::catalogs_dir(), &mut units);
    let (mut units_read, mut pictured) = (0, 0);
    let mut gave_up = Vec::new();
    for unit in &units {
        let read = read_paths(&[unit], &Limits::DEFAULT).unwrap_or_else(|e| panic!("{e}"));
        // A directory is read with directory semantics, a file as named (as the app does).
        let only = unit.is_dir();
        let options = LoadOptions {
            only_catalog_extensions: only,
            keep_crds: true,
            ..LoadOptions::default()
        };
        let whole = load_fbc_files_with_progress(read.files.clone(), options, &mut |_| {});
        units_read += 1;
        let mut unit_gave_up = false;
        for package in &whole.packages {
            for channel in &package.channels {
                if channel.entries.len() > MAX_ENTRIES {
                    continue;
                }
                let (p, c) = (package.name.as_str(), channel.name.as_str());
                if skim_channel(&read.files, p, Some(c), only, usize::MAX).is_none() {
                    unit_gave_up = true;
                    continue;
                }
                let skimmed = skimmed_channel_svg(&read.files, p, c, only, usize::MAX);
                let drawn = default_channel_svg(&whole, p, c, false);
                assert!(drawn.is_some(), "{}: {p} {c} is not drawn", unit.display());
                assert!(
                    skimmed == drawn,
                    "{}: package {p} channel {c}: the skimmed picture differs from the whole catalog's",
                    unit.display()
                );
                pictured += 1;
            }
        }
        if unit_gave_up {
            gave_up.push(unit.display().to_string());
        }
    }
    assert!(units_read > 150, "{units_read} real catalogs read");
    assert!(pictured > 350, "{pictured} channels pictured");
    // The skim reads the block YAML rendered catalogs are written in: it gives up on the JSON
    // streams and little else.
    let yaml_gave_up: Vec<&String> = gave_up.iter().filter(|u| !u.ends_with(".json")).collect();
    assert!(
        yaml_gave_up.len() * 50 <= units_read,
        "the skim gave up on {} of {units_read} catalogs that are not JSON: {yaml_gave_up:#?}",
        yaml_gave_up.len()
    );
    eprintln!(
        "{pictured} channels of {units_read} catalogs pictured alike; the skim gave up on {} ({} not JSON)",
        gave_up.len(),
        yaml_gave_up.len()
    );
}

/// Every figure request the element's first draw can make of `package` in `catalog`: its
/// default channel, each channel (with a path from the channel's first entry under v0 and v1),
/// and the package view, all without tooltips.
fn first_draws(catalog: &Catalog, package: &str) -> Vec<FigureRequest> {
    let base = FigureRequest {
        package: package.to_string(),
        without_tooltips: true,
        ..FigureRequest::default()
    };
    let mut out = vec![base.clone()];
    let Some(pkg) = catalog.package(package) else {
        return out;
    };
    let mut entries = 0;
    for channel in &pkg.channels {
        entries += channel.entries.len();
        if channel.entries.len() > MAX_ENTRIES {
            continue;
        }
        let view = FigureView::Channel(channel.name.clone());
        out.push(FigureRequest {
            view: view.clone(),
            ..base.clone()
        });
        if let Some(first) = channel.entries.first() {
            out.push(FigureRequest {
                view,
                installed: Some(first.name.clone()),
                resolvers: vec![Resolver::V0, Resolver::V1],
                ..base.clone()
            });
        }
    }
    if entries <= MAX_ENTRIES {
        out.push(FigureRequest {
            view: FigureView::All,
            ..base.clone()
        });
    }
    out
}

#[test]
fn the_elements_first_draw_from_the_skim_is_the_whole_catalogs() {
    let mut units = Vec::new();
    common::units(&common::catalogs_dir(), &mut units);
    let (mut figures, mut packages, mut gave_up, mut yaml_files) = (0, 0, 0, 0);
    for unit in units.iter().filter(|u| u.is_file()) {
        let name = unit.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(unit).unwrap();
        let whole = read_catalog(&name, &text);
        yaml_files += usize::from(!name.ends_with(".json"));
        for package in &whole.packages {
            let Some(skimmed) = read_skimmed_catalog(&name, &text, &package.name) else {
                gave_up += usize::from(!name.ends_with(".json"));
                continue;
            };
            packages += 1;
            for request in first_draws(&whole, &package.name) {
                let expected = figure(&whole, &request);
                assert!(
                    figure(&skimmed, &request) == expected,
                    "{}: {:?}: the figure from the skim differs from the whole catalog's",
                    unit.display(),
                    request
                );
                figures += 1;
            }
        }
    }
    assert!(
        packages > 100 && figures > 800,
        "{figures} figures of {packages} packages"
    );
    assert!(
        gave_up * 50 <= yaml_files,
        "the skim gave up on {gave_up} of {yaml_files} YAML files"
    );
    eprintln!("{figures} figures of {packages} packages drawn alike from the skim");
}

/// Broken text never makes the skim panic: a real catalog cut at 300 places and with one line
/// start at a time (one line in 300) given each of YAML's indicators (a tab, a quote, a colon, a
/// dash, a comment, an anchor, a flow bracket, a line end). What it keeps of broken text is
/// still what it keeps: skimmed again, it is the same text, and the loader reads it without
/// a panic.
#[test]
fn broken_catalogs_are_skimmed_or_given_up_on_without_a_panic() {
    let text = std::fs::read_to_string(common::catalog(
        "certified-operators/v4.22/gpu-operator-certified.yaml",
    ))
    .expect("catalog");
    let package = "gpu-operator-certified";
    let (mut skimmed, mut given_up) = (0, 0);
    let mut check = |broken: &str, what: &str| {
        for channel in [Some("stable"), None] {
            let Some(kept) = skim_text(broken, package, channel, usize::MAX) else {
                given_up += 1;
                continue;
            };
            skimmed += 1;
            assert_eq!(
                skim_text(&kept, package, channel, usize::MAX).as_deref(),
                Some(&*kept),
                "{what}: skimmed twice"
            );
            read_catalog("broken.yaml", &kept);
        }
    };
    let mut cuts = 0;
    for at in (0..text.len())
        .step_by(text.len() / 300)
        .filter(|&i| text.is_char_boundary(i))
    {
        check(&text[..at], &format!("cut at byte {at}"));
        cuts += 1;
    }
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < text.len())
        .step_by(300)
        .collect();
    let mut changed = 0;
    for &at in &line_starts {
        for c in ["\t", "'", "\"", ":", "- ", "#", "&a ", "{", "\n"] {
            let broken = format!("{}{c}{}", &text[..at], &text[at..]);
            check(&broken, &format!("{c:?} at byte {at}"));
            changed += 1;
        }
    }
    assert!(
        cuts >= 290 && changed >= 500,
        "{cuts} cuts, {changed} changes"
    );
    // Both ways are taken: broken text kept and read, and broken text given up on.
    assert!(
        skimmed > 100 && given_up > 100,
        "{skimmed} skimmed, {given_up} given up on"
    );
}
