//! The shapes of one AI's debug drawing for one frame, made from what it perceives and
//! believes: lines with colours and labels with positions, in world space. Plain data; the
//! nodes are made from it in `debug_draw/mod.rs`.

use super::flags;
use crate::convert::to_vector3;
use aps_core::insight::notes::RayNote;
use aps_core::{BeliefState, LossReason, Pose, Vec3};
use godot::prelude::{Color, Vector3};

/// Segments in a full circle.
const CIRCLE_SEGMENTS: usize = 32;

/// One line segment.
#[derive(Debug, Clone, Copy)]
pub struct Line {
    pub from: Vector3,
    pub to: Vector3,
    pub color: Color,
}

/// One label.
#[derive(Debug, Clone)]
pub struct LabelMark {
    pub text: String,
    pub at: Vector3,
    pub color: Color,
}

/// One belief as drawing needs it.
#[derive(Debug, Clone)]
pub struct BeliefMark {
    /// Where the target stands now, if it still exists; else where it was last known.
    pub at: Vec3,
    pub name: String,
    pub state: BeliefState,
    pub confidence: f32,
    /// The dominant sense's name, or empty.
    pub dominant: String,
    pub last_known: Vec3,
    pub predicted: Vec3,
    pub uncertainty: f32,
    pub loss: LossReason,
    /// A script's explanation line, when labels carry one.
    pub why: String,
    /// The level's lights on it in words ("lit by Lamp2 (0.62)"), when labels carry them.
    pub light: String,
    /// Where each of the lights that lit it stands, and whether a shadow kept it off.
    pub lamps: Vec<(Vec3, bool)>,
}

/// What one frame draws from.
pub struct DrawInput<'a> {
    pub flags: u32,
    pub eye: Pose,
    /// The up axis, for crosses and circles.
    pub up: Vec3,
    /// The vision rays of the last pass.
    pub rays: &'a [RayNote],
    pub beliefs: &'a [BeliefMark],
    /// Sounds heard: where, and how far their ring has spread (metres).
    pub sounds: &'a [(Vec3, f32)],
    pub trails: &'a [Vec<Vec3>],
    pub attention: Option<Vec3>,
}

/// The shapes of one pass (the cones are drawn apart, see [`DrawScene::cones`]).
#[derive(Debug, Default)]
pub struct DrawScene {
    pub lines: Vec<Line>,
    pub labels: Vec<LabelMark>,
    pub green_rays: u32,
    pub red_rays: u32,
    pub circles: u32,
}

/// A line to a lamp that lights a believed target.
const LAMP_LIT: Color = Color::from_rgba(1.0, 0.85, 0.35, 1.0);
/// A line to a lamp whose light a shadow keeps off it.
const SHADED: Color = Color::from_rgba(0.35, 0.35, 0.45, 1.0);

/// The colour a state is drawn in.
#[must_use]
pub fn state_color(state: BeliefState) -> Color {
    match state {
        BeliefState::Undetected => Color::from_rgb(0.6, 0.6, 0.6),
        BeliefState::Suspected => Color::from_rgb(1.0, 0.9, 0.2),
        BeliefState::Detected => Color::from_rgb(1.0, 0.55, 0.1),
        BeliefState::Tracked => Color::from_rgb(1.0, 0.15, 0.1),
        BeliefState::Lost => Color::from_rgb(0.75, 0.35, 1.0),
        BeliefState::Remembered => Color::from_rgb(0.3, 0.6, 1.0),
        BeliefState::Expired => Color::from_rgb(0.35, 0.35, 0.35),
    }
}

const GREEN: Color = Color::from_rgba(0.2, 1.0, 0.3, 0.9);
const RED: Color = Color::from_rgba(1.0, 0.2, 0.2, 0.9);
const CONE: Color = Color::from_rgba(1.0, 1.0, 0.4, 0.6);
const PERIPHERAL: Color = Color::from_rgba(1.0, 1.0, 0.4, 0.25);
const HEARING: Color = Color::from_rgba(0.4, 0.8, 1.0, 0.3);
const SOUND: Color = Color::from_rgba(0.4, 0.8, 1.0, 0.9);
const SCENT: Color = Color::from_rgba(0.8, 0.5, 0.2, 0.9);
const ATTENTION: Color = Color::from_rgba(1.0, 0.3, 0.9, 0.9);

impl DrawScene {
    /// The shapes `input` asks for.
    #[must_use]
    pub fn make(input: &DrawInput) -> DrawScene {
        let mut s = DrawScene::default();
        let f = input.flags;
        let up = input.up.normalize_or(Vec3::Y);
        if f & flags::RAYS != 0 {
            for ray in input.rays {
                if ray.reached {
                    s.green_rays += 1;
                    s.line(ray.from, ray.to, GREEN);
                } else {
                    s.red_rays += 1;
                    s.line(ray.from, ray.hit_position, RED);
                    s.cross(ray.hit_position, up, 0.12, RED);
                }
            }
        }
        for b in input.beliefs {
            let color = state_color(b.state);
            if f & flags::LABELS != 0 {
                let mut text = format!("{}: {} {:.2}", b.name, b.state.name(), b.confidence);
                if !b.dominant.is_empty() {
                    text.push_str(&format!(" {}", b.dominant));
                }
                if !b.why.is_empty() {
                    text.push('\n');
                    text.push_str(&b.why);
                }
                if !b.light.is_empty() {
                    text.push('\n');
                    text.push_str(&b.light);
                }
                s.label(text, b.at + up * 2.1, color);
            }
            if f & flags::RAYS != 0 {
                // The lamps that lit it, warm; those whose light a shadow kept off, dim.
                for &(lamp, shadowed) in &b.lamps {
                    s.line(b.at + up, lamp, if shadowed { SHADED } else { LAMP_LIT });
                }
            }
            if f & flags::WHEREABOUTS != 0 && b.state != BeliefState::Undetected {
                s.cross(b.last_known, up, 0.3, color);
                if b.predicted.distance(b.last_known) > 0.05 {
                    s.line(b.last_known, b.predicted, color);
                    s.cross(b.predicted, up, 0.2, color);
                }
                if b.uncertainty > 0.05 {
                    s.circle(b.predicted, up, b.uncertainty, color);
                }
            }
            if f & flags::LOSS != 0 && b.loss != LossReason::None {
                s.label(
                    format!("lost: {}", b.loss.name()),
                    b.last_known + up * 0.6,
                    color,
                );
            }
        }
        if f & flags::SOUNDS != 0 {
            for &(at, radius) in input.sounds {
                s.circle(at, up, radius.max(0.2), SOUND);
            }
        }
        if f & flags::SCENT != 0 {
            for trail in input.trails {
                for pair in trail.windows(2) {
                    s.line(pair[0], pair[1], SCENT);
                }
            }
        }
        if f & flags::ATTENTION != 0 {
            if let Some(at) = input.attention {
                s.line(input.eye.position, at + up * 1.0, ATTENTION);
            }
        }
        s
    }

    /// The cones and ranges in the eyes' own space (looking along −Z, up +Y): they move with
    /// the AI, so they are made once per profile, not every frame.
    #[must_use]
    pub fn cones(vision: Option<(f32, f32, f32)>, hearing_range: Option<f32>) -> DrawScene {
        let mut s = DrawScene::default();
        let eye = Pose {
            position: Vec3::ZERO,
            forward: Vec3::NEG_Z,
        };
        if let Some((range, main, peripheral)) = vision {
            s.fan(eye, Vec3::Y, range, main, CONE);
            if peripheral > main {
                s.fan(eye, Vec3::Y, range, peripheral, PERIPHERAL);
            }
        }
        if let Some(r) = hearing_range {
            s.circle(Vec3::ZERO, Vec3::Y, r, HEARING);
        }
        s
    }

    fn line(&mut self, from: Vec3, to: Vec3, color: Color) {
        if from.is_finite() && to.is_finite() {
            self.lines.push(Line {
                from: to_vector3(from),
                to: to_vector3(to),
                color,
            });
        }
    }

    fn label(&mut self, text: String, at: Vec3, color: Color) {
        if at.is_finite() {
            self.labels.push(LabelMark {
                text,
                at: to_vector3(at),
                color,
            });
        }
    }

    /// A small cross lying in the plane across `up`.
    fn cross(&mut self, at: Vec3, up: Vec3, size: f32, color: Color) {
        let (a, b) = up.any_orthonormal_pair();
        self.line(at - a * size, at + a * size, color);
        self.line(at - b * size, at + b * size, color);
    }

    /// A circle of `radius` around `center`, in the plane across `up`.
    fn circle(&mut self, center: Vec3, up: Vec3, radius: f32, color: Color) {
        if !(radius.is_finite() && radius > 0.0) {
            return;
        }
        self.circles += 1;
        let (a, b) = up.any_orthonormal_pair();
        let point = |i: usize| {
            let t = i as f32 / CIRCLE_SEGMENTS as f32 * std::f32::consts::TAU;
            center + (a * t.cos() + b * t.sin()) * radius
        };
        for i in 0..CIRCLE_SEGMENTS {
            self.line(point(i), point(i + 1), color);
        }
    }

    /// A cone of `half_angle` degrees around the eyes' forward axis, `range` long, drawn as its
    /// outline in the plane across `up`: two edges and the arc joining them.
    fn fan(&mut self, eye: Pose, up: Vec3, range: f32, half_angle: f32, color: Color) {
        let forward = (eye.forward - up * eye.forward.dot(up)).normalize_or(eye.forward);
        let side = up.cross(forward).normalize_or(Vec3::X);
        let half = half_angle.clamp(0.0, 180.0).to_radians();
        let steps = ((half / std::f32::consts::PI) * CIRCLE_SEGMENTS as f32).ceil() as usize;
        let steps = steps.max(2);
        let point = |i: usize| {
            let t = -half + 2.0 * half * i as f32 / steps as f32;
            eye.position + (forward * t.cos() + side * t.sin()) * range
        };
        if half_angle < 180.0 {
            self.line(eye.position, point(0), color);
            self.line(eye.position, point(steps), color);
        }
        for i in 0..steps {
            self.line(point(i), point(i + 1), color);
        }
    }
}
