//! Small reusable pieces: the form widgets every panel uses ([`form`]), a finding in a list, a
//! package icon, the load progress bar, a list of names, parts built in a later task ([`later`]).

pub mod finding;
pub mod form;
pub mod icon;
pub mod later;
pub mod name_list;
pub mod progress;
