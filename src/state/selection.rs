//! What is on screen: the package, the channel view and the selected bundle, plus a view a link
//! asked for that the catalog on screen does not have yet. User navigation goes through the
//! methods here, which remember that the next address-bar change is the user's (a new history
//! entry) rather than automatic (replacing the current one).

use leptos::prelude::*;
use olm_graph_core::view::{finding_target, FindingTarget};
use olm_graph_core::{Catalog, Diagnostic};

use crate::state::load::Loaded;
use crate::state::shared::Shared;

/// Which channel view is shown.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ChannelChoice {
    /// The package's default channel (or its first channel).
    #[default]
    Default,
    Named(String),
    /// Every channel of the package at once.
    All,
}

/// A view as a link names it: `package`, `channel` (or `view=all`), `bundle`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LinkedView {
    pub package: Option<String>,
    pub channel: ChannelChoice,
    pub bundle: Option<String>,
}

/// The selection store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct Selection {
    pub package: RwSignal<Option<String>>,
    pub channel: RwSignal<ChannelChoice>,
    pub bundle: RwSignal<Option<String>>,
    /// A view a link asked for that the catalog on screen does not have (yet).
    pub pending: RwSignal<Option<LinkedView>>,
    /// Bumped to ask the graph to bring the selected bundle into view.
    pub reveal: RwSignal<u64>,
    /// Bumped when the selected bundle is selected again (a second click on it): the inspector
    /// shows its details again.
    pub reselected: RwSignal<u64>,
    /// The last change came from the user (not read reactively).
    user_navigation: StoredValue<bool>,
    loaded: RwSignal<Option<Shared<Loaded>>>,
}

impl Selection {
    /// A selection over the catalog in `loaded` (the load store's signal).
    pub fn new(loaded: RwSignal<Option<Shared<Loaded>>>) -> Selection {
        Selection {
            package: RwSignal::new(None),
            channel: RwSignal::new(ChannelChoice::Default),
            bundle: RwSignal::new(None),
            pending: RwSignal::new(None),
            reveal: RwSignal::new(0),
            reselected: RwSignal::new(0),
            user_navigation: StoredValue::new(false),
            loaded,
        }
    }

    pub fn get() -> Selection {
        expect_context::<Selection>()
    }

    /// The view on screen, as a link names it.
    pub fn linked_view(&self) -> LinkedView {
        LinkedView {
            package: self.package.get(),
            channel: self.channel.get(),
            bundle: self.bundle.get(),
        }
    }

    /// Whether the last change came from the user; clears the mark.
    pub fn take_user_navigation(&self) -> bool {
        let was = self.user_navigation.get_value();
        self.user_navigation.set_value(false);
        was
    }

    fn navigate(&self) {
        self.user_navigation.set_value(true);
        self.pending.set(None);
    }

    /// User navigation: show a package (its default channel, nothing selected).
    pub fn select_package(&self, name: &str) {
        self.navigate();
        self.package.set(Some(name.to_string()));
        self.channel.set(ChannelChoice::Default);
        self.bundle.set(None);
    }

    /// User navigation: show a channel (or all).
    pub fn select_channel(&self, choice: ChannelChoice) {
        self.navigate();
        self.channel.set(choice);
    }

    /// User navigation: select a bundle (or none); selecting the selected bundle again bumps
    /// [`Selection::reselected`].
    pub fn select_bundle(&self, name: Option<String>) {
        if self.bundle.get_untracked() == name {
            if name.is_some() {
                self.reselected.update(|n| *n += 1);
            }
            return;
        }
        self.navigate();
        self.bundle.set(name);
    }

    /// User navigation: show what a finding is about.
    ///
    /// # Complexity
    /// O(log P) to find the package, O(C · V) to find a channel with the bundle (C channels of
    /// V entries).
    pub fn focus_finding(&self, d: &Diagnostic) {
        let (package, channel, bundle) = match finding_target(d) {
            FindingTarget::Bundle {
                package,
                channel,
                bundle,
            } => (package, channel, Some(bundle)),
            FindingTarget::Channel { package, channel } => (package, Some(channel), None),
            FindingTarget::Package { package } => (package, None, None),
            FindingTarget::File => return,
        };
        let choice = match (channel, &bundle) {
            (Some(c), _) => ChannelChoice::Named(c),
            (None, Some(b)) => self.channel_showing(&package, b),
            (None, None) => ChannelChoice::Default,
        };
        self.navigate();
        self.package.set(Some(package));
        self.channel.set(choice);
        self.bundle.set(bundle);
        self.reveal.update(|n| *n += 1);
    }

    /// The current view when it shows `bundle` of `package`, else its first channel with it.
    fn channel_showing(&self, package: &str, bundle: &str) -> ChannelChoice {
        let same_package = self.package.get_untracked().as_deref() == Some(package);
        let loaded = self.loaded.get_untracked();
        let pkg = loaded.as_ref().and_then(|l| l.catalog.package(package));
        let shows = |c: &str| {
            pkg.and_then(|p| p.channel(c))
                .is_some_and(|ch| ch.entry(bundle).is_some())
        };
        match self.channel.get_untracked() {
            ChannelChoice::All if same_package => ChannelChoice::All,
            ChannelChoice::Named(c) if same_package && shows(&c) => ChannelChoice::Named(c),
            _ => pkg
                .and_then(|p| p.channels_of(bundle).first().map(|c| c.to_string()))
                .map_or(ChannelChoice::Default, ChannelChoice::Named),
        }
    }

    /// Applies a linked view (a link opened, back or forward) when the catalog has its package;
    /// otherwise keeps it pending. Returns whether it was applied.
    ///
    /// # Complexity
    /// O(log P) for P packages, plus [`Selection::catalog_changed`] without a package.
    pub fn apply_link(&self, wanted: LinkedView) -> bool {
        let has = |name: &str| {
            self.loaded.with_untracked(|l| {
                l.as_ref()
                    .is_some_and(|l| l.catalog.package(name).is_some())
            })
        };
        match &wanted.package {
            Some(p) if has(p) => {
                self.pending.set(None);
                self.package.set(Some(p.clone()));
                self.channel.set(wanted.channel);
                self.bundle.set(wanted.bundle);
                self.reveal.update(|n| *n += 1);
                true
            }
            Some(_) => {
                self.pending.set(Some(wanted));
                false
            }
            None => {
                self.pending.set(None);
                self.follow_catalog();
                true
            }
        }
    }

    /// A new catalog is on screen: open the pending link if it can, else keep the view when
    /// the catalog has its package (dropping a bundle it lacks), else show its first package.
    ///
    /// # Complexity
    /// O(log P) for P packages, plus O(C · V) to look for the bundle in C channels of V entries.
    pub fn catalog_changed(&self) {
        if let Some(wanted) = self.pending.get_untracked() {
            if self.apply_link(wanted) {
                return;
            }
        }
        self.follow_catalog();
    }

    /// The package and channel choice [`Selection::catalog_changed`] will show once `catalog`
    /// is on screen (a load builds their graphs ahead).
    ///
    /// # Complexity
    /// O(log P) for P packages.
    pub fn predict(&self, catalog: &Catalog) -> Option<(String, ChannelChoice)> {
        let has = |name: &String| catalog.package(name).is_some();
        if let Some(wanted) = self.pending.get_untracked() {
            match wanted.package {
                Some(p) if has(&p) => return Some((p, wanted.channel)),
                Some(_) => return None,
                None => {}
            }
        }
        match self.package.get_untracked().filter(has) {
            Some(kept) => Some((kept, self.channel.get_untracked())),
            None => Some((
                catalog.packages.first()?.name.clone(),
                ChannelChoice::Default,
            )),
        }
    }

    fn follow_catalog(&self) {
        let Some(loaded) = self.loaded.get_untracked() else {
            return;
        };
        let kept = self
            .package
            .get_untracked()
            .and_then(|p| loaded.catalog.package(&p));
        match kept {
            Some(pkg) => {
                let known = self
                    .bundle
                    .get_untracked()
                    .is_none_or(|b| pkg.knows_bundle(&b));
                if !known {
                    self.bundle.set(None);
                }
            }
            None => {
                self.package
                    .set(loaded.catalog.packages.first().map(|p| p.name.clone()));
                self.channel.set(ChannelChoice::Default);
                self.bundle.set(None);
            }
        }
    }
}
