//! What an AI's beliefs look like from outside, for the people debugging them:
//! the factors and rays its senses noted ([`notes`]), why it believes what it does
//! ([`explain`]), its last state changes ([`timeline`]) and recordings of its ticks that replay
//! exactly ([`recording`]). None of it changes what the AI perceives.

pub mod explain;
pub mod notes;
pub mod recording;
pub mod timeline;
