//! Keeping loaded numbers usable: a saved number can be finite in its file and still out of
//! range for the core (a confidence of 3, a float too large for 32 bits). Each repair is one
//! [`LoadIssue`] naming the field.

use super::LoadIssue;
use glam::Vec3;

/// Repairs numbers as they are restored, noting each one.
pub struct Repair<'a> {
    issues: &'a mut Vec<LoadIssue>,
}

impl<'a> Repair<'a> {
    pub fn new(issues: &'a mut Vec<LoadIssue>) -> Self {
        Repair { issues }
    }

    /// Notes a problem that is not about one number.
    pub fn note(&mut self, field: impl Into<String>, problem: impl Into<String>) {
        self.issues.push(LoadIssue {
            field: field.into(),
            problem: problem.into(),
        });
    }

    /// `x` clamped to `lo..=hi`; a non-finite `x` becomes `default`.
    pub fn range(
        &mut self,
        field: impl FnOnce() -> String,
        x: f32,
        lo: f32,
        hi: f32,
        default: f32,
    ) -> f32 {
        if !x.is_finite() {
            self.note(
                field(),
                format!("{x} is not a finite number (or too large); {default} is used"),
            );
            return default;
        }
        if x < lo || x > hi {
            let c = x.clamp(lo, hi);
            self.note(field(), format!("{x} is outside {lo}..{hi}; {c} is used"));
            return c;
        }
        x
    }

    /// A number from 0 to 1 (a confidence, a strength, an emotion).
    pub fn unit(&mut self, field: impl FnOnce() -> String, x: f32) -> f32 {
        self.range(field, x, 0.0, 1.0, 0.0)
    }

    /// A number of 0 or more (seconds, metres, damage).
    pub fn non_negative(&mut self, field: impl FnOnce() -> String, x: f32) -> f32 {
        self.range(field, x, 0.0, f32::MAX, 0.0)
    }

    /// Any finite number.
    pub fn finite(&mut self, field: impl FnOnce() -> String, x: f32) -> f32 {
        self.range(field, x, f32::MIN, f32::MAX, 0.0)
    }

    /// A finite time on a 64-bit clock.
    pub fn time(&mut self, field: impl FnOnce() -> String, t: f64) -> f64 {
        if t.is_finite() {
            t
        } else {
            self.note(field(), format!("{t} is not a finite number; 0 is used"));
            0.0
        }
    }

    /// A finite vector; one that is not becomes zero.
    pub fn vec3(&mut self, field: impl FnOnce() -> String, v: Vec3) -> Vec3 {
        if v.is_finite() {
            v
        } else {
            self.note(field(), format!("{v} is not a finite vector; zero is used"));
            Vec3::ZERO
        }
    }
}
