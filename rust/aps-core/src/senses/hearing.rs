//! Hearing: sounds within range reach the AI, fading with distance and with time, muffled by a
//! wall between the sound and the ear (one ray).
//!
//! Confidence = loudness × noise × sensitivity × (1 − d / range) × (1 − age / hold) × rain ×
//! pain dulling × muffle, where range is the smaller of the sound's and the ear's, hold is the
//! Sound Hold Time, rain masks by the profile's Rain Masking and muffle is the Wall Muffle
//! Factor when a ray from the ear to the sound hits something. A sound whose instigator is a
//! target is a reading on that target.

use super::{SenseContext, SenseUnit};
use crate::gather::target::TargetSnapshot;
use crate::insight::notes::Factor;
use crate::profile::HearingSettings;
use crate::senses::id::{Sense, SenseId};
use crate::senses::rays::BodyId;
use crate::senses::sound_paths::{route, SoundRoute};
use crate::senses::transmission::{Medium, TraceRay};
use crate::world::stimulus::{Sound, STIMULUS_RETENTION};
use crate::SenseReading;
use glam::Vec3;
use smallvec::SmallVec;
use std::cell::RefCell;

/// How far short of a sound the muffling ray stops, in metres.
pub const SOUND_CLEARANCE: f32 = 0.3;

/// Precision of a heard position in the open; a muffled one is half as precise.
pub const HEARD_PRECISION: f32 = 0.6;

/// The hearing sense.
#[derive(Debug, Clone)]
pub struct Hearing {
    settings: HearingSettings,
    /// This tick's sounds that are near enough and recent enough, by index (Pre Tick): the
    /// cheap checks happen once per tick, not once per target.
    nearby: Vec<u16>,
    /// Whether `nearby` was filled this tick (a sense used without Pre Tick checks all).
    filtered: bool,
    /// The way each blocked sound takes around walls to this AI, looked for once per sound, by the sound's time, place and tag.
    routes: RefCell<Vec<RouteMemo>>,
}

/// A sound's way to this AI, or that it has none.
#[derive(Debug, Clone, Copy)]
struct RouteMemo {
    time: f64,
    key: [u32; 4],
    route: Option<SoundRoute>,
}

fn sound_key(sound: &Sound) -> [u32; 4] {
    let p = sound.location;
    [p.x.to_bits(), p.y.to_bits(), p.z.to_bits(), sound.tag]
}

impl Hearing {
    #[must_use]
    pub fn new(settings: HearingSettings) -> Self {
        Hearing {
            settings,
            nearby: Vec::new(),
            filtered: false,
            routes: RefCell::new(Vec::new()),
        }
    }

    /// Whether `sound` passes the cheap checks: close enough, recent enough, meant for this
    /// AI's level of detail.
    fn within_reach(&self, ctx: &SenseContext, sound: &Sound) -> bool {
        in_earshot(
            &self.settings,
            sound,
            ctx.eye.position,
            ctx.world.now,
            ctx.lod_tier,
        )
    }

    /// How strongly one sound is heard now, with its position precision, or `None` if it is
    /// out of range, too old or too faint. `source` is the instigator's snapshot, if any: its
    /// own body never muffles its sound, and its noise multiplier scales it.
    pub fn hear(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        source: Option<&TargetSnapshot>,
    ) -> Option<(f32, f32)> {
        self.heard(ctx, sound, source)
            .map(|heard| (heard.confidence, heard.precision))
    }

    /// Where the AI hears `sound` come from, with the confidence and precision: the sound
    /// itself, or the last opening of the way it took around a wall.
    pub fn hear_from(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        source: Option<&TargetSnapshot>,
    ) -> Option<(f32, f32, glam::Vec3)> {
        self.heard(ctx, sound, source)
            .map(|heard| (heard.confidence, heard.precision, heard.from))
    }

    /// The way `sound` takes around walls to the ear, looked for once per sound.
    fn route_of(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        source_body: Option<crate::senses::rays::BodyId>,
        range: f32,
    ) -> Option<SoundRoute> {
        let key = sound_key(sound);
        if let Some(m) = self
            .routes
            .borrow()
            .iter()
            .find(|m| m.key == key && m.time == sound.time)
        {
            return m.route;
        }
        let portals = ctx.world.portals.unwrap_or(&[]);
        let mut exclude: SmallVec<[crate::senses::rays::BodyId; 8]> =
            SmallVec::from_slice(ctx.exclude);
        exclude.extend(source_body);
        let from = sound.location + glam::Vec3::Y * SOUND_CLEARANCE;
        let found = route(
            ctx.space,
            portals,
            from,
            ctx.eye.position,
            self.settings.occlusion_mask,
            &exclude,
            range,
            &mut ctx.rays,
        );
        self.routes.borrow_mut().push(RouteMemo {
            time: sound.time,
            key,
            route: found,
        });
        found
    }

    /// [`Hearing::hear`] with the factors the confidence was made of.
    fn heard(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        source: Option<&TargetSnapshot>,
    ) -> Option<Heard> {
        let h = &self.settings;
        let range = sound.max_range.min(h.max_range);
        let ear = ctx.eye.position;
        let distance = ear.distance(sound.location);
        // The cheap checks first: distance, then age.
        if distance.is_nan() || distance >= range || sound.max_tier < ctx.lod_tier {
            return None;
        }

        let age = (ctx.world.now - sound.time) as f32;
        if !(0.0..=h.sound_hold_time).contains(&age) {
            return None;
        }
        let fade = if h.sound_hold_time > 0.0 {
            1.0 - age / h.sound_hold_time
        } else {
            1.0
        };
        let mut heard = Heard {
            confidence: 0.0,
            precision: HEARD_PRECISION,
            loudness: sound.loudness.max(0.0),
            noise: source.map_or(1.0, |s| s.noise_multiplier.max(0.0)),
            distance: 1.0 - distance / range,
            metres: distance,
            range,
            fade,
            rain: ctx.world.rain_factor(h.rain_masking),
            dulling: ctx.dulling.clamp(0.0, 1.0),
            muffling: 1.0,
            from: sound.location,
            route: None,
        };
        // Everything but the way the sound travelled.
        let base =
            heard.loudness * heard.noise * h.sensitivity * heard.fade * heard.rain * heard.dulling;
        let confidence = base * heard.distance;
        if confidence < h.min_confidence {
            return None;
        }
        let body = source.and_then(|s| s.body);
        let reached = self.muffle(ctx, sound, ear, distance, body, &mut heard);
        let mut confidence = confidence * heard.muffling;
        if !reached {
            confidence = self.come_round(ctx, sound, body, base, confidence, &mut heard);
        }
        heard.confidence = confidence;
        (heard.confidence >= h.min_confidence).then(|| {
            heard.confidence = heard.confidence.min(1.0);
            heard
        })
    }

    /// A wall between muffles the sound (the instigator's own `body` does not): one ray from
    /// the ear that stops just short of the sound, so the floor it was made on does not count
    /// as a wall. Sets `heard`'s muffling and precision; returns whether the ray reached.
    #[inline]
    fn muffle(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        ear: Vec3,
        distance: f32,
        body: Option<BodyId>,
        heard: &mut Heard,
    ) -> bool {
        let h = &self.settings;
        let to_ear = ear - sound.location;
        let end = if distance > 2.0 * SOUND_CLEARANCE {
            sound.location + to_ear * (SOUND_CLEARANCE / distance)
        } else {
            sound.location
        };
        // Through an occluder the sound keeps what that occluder lets through (glass 0.3, a
        // hedge 0.9); a wall that is none muffles it by the Wall Muffle Factor.
        let ray = TraceRay {
            from: ear,
            to: end,
            mask: h.occlusion_mask,
            medium: Medium::Sound,
            stop_at: body,
        };
        let t = ctx.trace(ray);
        ctx.note_trace(&ray, &t);
        if !t.reached || t.transmitted < 1.0 {
            heard.muffling = if t.reached {
                t.transmitted
            } else {
                t.transmitted * h.wall_muffle_factor
            };
            heard.precision *= 0.5;
        }
        t.reached
    }

    /// Blocked, the sound also comes round by the shortest open way, weakened by its length
    /// instead, and heard from its last opening; the louder of the two is heard. `base` is
    /// the sound's confidence but for the way it travelled, `through` its confidence through
    /// the wall; returns the confidence heard, with `heard` set to the way it came.
    #[inline]
    fn come_round(
        &self,
        ctx: &mut SenseContext,
        sound: &Sound,
        body: Option<BodyId>,
        base: f32,
        through: f32,
        heard: &mut Heard,
    ) -> f32 {
        let ways = ctx.world.portals.is_some_and(|p| !p.is_empty()) || ctx.space.has_paths();
        if !ways {
            return through;
        }
        let range = heard.range;
        if let Some(r) = self.route_of(ctx, sound, body, range) {
            let by_route = base * (1.0 - r.length / range);
            if by_route > through {
                heard.distance = 1.0 - r.length / range;
                heard.metres = r.length;
                heard.muffling = 1.0;
                heard.from = r.opening;
                heard.route = Some(r.length);
                return by_route;
            }
        }
        through
    }

    /// Notes what made a heard sound's confidence.
    fn note(&self, ctx: &mut SenseContext, heard: &Heard) {
        ctx.note(Factor::Metres, heard.metres);
        ctx.note(Factor::Range, heard.range);
        ctx.note(Factor::Acuity, self.settings.sensitivity);
        ctx.note(Factor::Loudness, heard.loudness);
        ctx.note(Factor::Noise, heard.noise);
        ctx.note(Factor::Distance, heard.distance);
        ctx.note(Factor::Fade, heard.fade);
        ctx.note(Factor::Rain, heard.rain);
        ctx.note(Factor::Dulling, heard.dulling);
        ctx.note(Factor::Muffling, heard.muffling);
        if let Some(m) = heard.route {
            ctx.note(Factor::RouteMetres, m);
        }
    }

    /// The strongest sound `target` made that reaches this AI now.
    pub fn hear_target(
        &self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        let sounds = ctx.world.sounds?;
        let all = sounds.all();
        let mut best: Option<(SenseReading, Heard)> = None;
        let consider = |ctx: &mut SenseContext, sound: &Sound| {
            if sound.instigator != Some(target.id) {
                return None;
            }
            let heard = self.heard(ctx, sound, Some(target))?;
            let reading = SenseReading::new(Sense::Hearing.id(), heard.confidence)
                .at(heard.from, heard.precision);
            Some((reading, heard))
        };
        let candidates: &mut dyn Iterator<Item = &Sound> = if self.filtered {
            &mut self.nearby.iter().filter_map(|&i| all.get(usize::from(i)))
        } else {
            &mut all.iter()
        };
        for sound in candidates {
            if let Some(r) = consider(ctx, sound) {
                if best.is_none_or(|b| r.0.confidence > b.0.confidence) {
                    best = Some(r);
                }
            }
        }
        let (reading, heard) = best?;
        self.note(ctx, &heard);
        Some(reading)
    }
}

/// Whether `sound` passes hearing's cheap checks for ears at `ear` at world time `now`, at
/// level-of-detail tier `lod_tier`: close enough, recent enough (within the Sound Hold Time),
/// meant for this tier. Used by hearing before it weighs a sound, and by debug drawing to
/// show the sounds an AI may be hearing.
#[must_use]
pub fn in_earshot(
    settings: &HearingSettings,
    sound: &Sound,
    ear: glam::Vec3,
    now: f64,
    lod_tier: u8,
) -> bool {
    let range = sound.max_range.min(settings.max_range);
    let age = now - sound.time;
    sound.max_tier >= lod_tier
        && (0.0..=f64::from(settings.sound_hold_time)).contains(&age)
        && ear.distance_squared(sound.location) < range * range
}

/// One sound as heard, with the factors its confidence was made of.
#[derive(Debug, Clone, Copy)]
struct Heard {
    confidence: f32,
    precision: f32,
    loudness: f32,
    noise: f32,
    /// `1 − d / range`.
    distance: f32,
    metres: f32,
    range: f32,
    fade: f32,
    rain: f32,
    dulling: f32,
    muffling: f32,
    /// Where it is heard from: the sound, or the last opening of its way round.
    from: glam::Vec3,
    /// The length of the way round, when it came round.
    route: Option<f32>,
}

/// Metres of position error for a heard place at precision 0.
pub const PLACE_ERROR: f32 = 5.0;

impl SenseUnit for Hearing {
    fn id(&self) -> SenseId {
        Sense::Hearing.id()
    }

    fn listens_to(&self) -> super::Stimuli {
        super::Stimuli::SOUND
    }

    fn reach(&self) -> f32 {
        self.settings.max_range
    }

    /// Only a target that made a sound the world still holds can be heard.
    fn could_sense(
        &self,
        probe: &super::Probe,
        id: crate::TargetId,
        _position: glam::Vec3,
    ) -> bool {
        self.settings.enabled && probe.sounding.binary_search(&id).is_ok()
    }

    /// Keeps this tick's sounds that pass the cheap checks (distance, age, tier).
    fn pre_tick(&mut self, ctx: &mut SenseContext) {
        self.nearby.clear();
        self.filtered = true;
        // A sound's way is kept for the sound's life.
        let now = ctx.world.now;
        self.routes
            .get_mut()
            .retain(|m| now - m.time <= STIMULUS_RETENTION);
        let Some(sounds) = ctx.world.sounds else {
            return;
        };
        for (i, sound) in sounds.all().iter().enumerate() {
            if self.within_reach(ctx, sound) {
                self.nearby.push(i as u16);
            }
        }
    }

    fn evaluate(
        &mut self,
        ctx: &mut SenseContext,
        target: &TargetSnapshot,
    ) -> Option<SenseReading> {
        if !self.settings.enabled {
            return None;
        }
        self.hear_target(ctx, target)
    }

    fn post_tick_flush(&mut self) {
        self.filtered = false;
    }

    /// Sounds with no known source are beliefs about where they were made.
    fn places(&mut self, ctx: &mut SenseContext, out: &mut super::PlaceReadings) {
        if !self.settings.enabled {
            return;
        }
        let Some(sounds) = ctx.world.sounds else {
            return;
        };
        for sound in sounds.all().iter().filter(|s| s.instigator.is_none()) {
            if let Some((c, precision, from)) = self.hear_from(ctx, sound, None) {
                out.push(super::PlaceReading {
                    tag: sound.tag,
                    accuracy: (1.0 - precision) * PLACE_ERROR,
                    reading: SenseReading::new(self.id(), c).at(from, precision),
                });
            }
        }
    }
}
