//! [`PhaseClass`]: the tint of a node for its support phase, from the phase's name as
//! [`crate::support`] gives it.

use crate::support::{END_OF_LIFE, NOT_YET_SUPPORTED};

/// The tint a node gets for its support phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseClass {
    /// A phase named "Full support" (any name starting with "full").
    Full,
    /// A phase named "Maintenance support" (any name with "maintenance").
    Maintenance,
    /// A phase whose name has the word "extended", "ELS" or "EUS" (Extended update support,
    /// Extended life cycle support (ELS) …).
    Extended,
    /// Past the stream's last `endDate`.
    EndOfLife,
    /// Before the stream's first `startDate`.
    NotYetSupported,
    /// No phase on the day: a gap between phases, a stream without an entry, a bundle without
    /// a version.
    NoData,
}

impl PhaseClass {
    /// Every class, in the legend's order.
    pub const ALL: [PhaseClass; 6] = [
        PhaseClass::Full,
        PhaseClass::Maintenance,
        PhaseClass::Extended,
        PhaseClass::EndOfLife,
        PhaseClass::NotYetSupported,
        PhaseClass::NoData,
    ];

    /// The class of a phase as [`BundleSupport::phase`] names it. Names are matched without
    /// regard to case; a vendor's phase name none of the words above match (the real blobs
    /// have none) is still a phase the stream is supported in, so it falls back to
    /// [`PhaseClass::Maintenance`] (supported, but not full support) rather than to no data.
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn of(phase: Option<&str>) -> PhaseClass {
        let Some(name) = phase else {
            return PhaseClass::NoData;
        };
        if name == END_OF_LIFE {
            return PhaseClass::EndOfLife;
        }
        if name == NOT_YET_SUPPORTED {
            return PhaseClass::NotYetSupported;
        }
        let lower = name.to_ascii_lowercase();
        let mut words = lower.split(|c: char| !c.is_ascii_alphanumeric());
        if lower.starts_with("full") {
            PhaseClass::Full
        } else if words.any(|w| matches!(w, "extended" | "els" | "eus")) {
            PhaseClass::Extended
        } else {
            PhaseClass::Maintenance
        }
    }

    /// The word of the class: the node's class `phase-<word>`, and the legend's key.
    ///
    /// # Complexity
    /// O(1).
    pub fn as_str(self) -> &'static str {
        match self {
            PhaseClass::Full => "full",
            PhaseClass::Maintenance => "maintenance",
            PhaseClass::Extended => "extended",
            PhaseClass::EndOfLife => "end-of-life",
            PhaseClass::NotYetSupported => "not-yet-supported",
            PhaseClass::NoData => "no-data",
        }
    }

    /// The node's class: `phase-full`, `phase-no-data`, …
    ///
    /// # Complexity
    /// O(1).
    pub fn css_class(self) -> String {
        format!("phase-{}", self.as_str())
    }

    /// The legend's label.
    ///
    /// # Complexity
    /// O(1).
    pub fn label(self) -> &'static str {
        match self {
            PhaseClass::Full => "full support",
            PhaseClass::Maintenance => "maintenance",
            PhaseClass::Extended => "extended support",
            PhaseClass::EndOfLife => "end of life",
            PhaseClass::NotYetSupported => "not yet supported",
            PhaseClass::NoData => "no data",
        }
    }

    /// What the legend's entry says on hover.
    ///
    /// # Complexity
    /// O(1).
    pub fn description(self) -> &'static str {
        match self {
            PhaseClass::Full => "In its full support phase on the day asked",
            PhaseClass::Maintenance => "In a maintenance support phase on the day asked",
            PhaseClass::Extended => {
                "In an extended support phase (extended update support, ELS) on the day asked"
            }
            PhaseClass::EndOfLife => "Past the last end date of its stream: end of life",
            PhaseClass::NotYetSupported => "Before the first start date of its stream",
            PhaseClass::NoData => {
                "No lifecycle data on the day asked: its stream has no entry, falls between two phases, or the bundle has no version"
            }
        }
    }
}
