//! The declaration of every profile setting: the one place a setting is written.
//!
//! [`aps_settings!`](crate::aps_settings) holds the list and hands it, in a regular form, to a
//! callback macro. The core's callback (`blocks.rs`) derives from it the settings blocks with
//! their docs and defaults, and [`Profile::SETTINGS`](super::Profile::SETTINGS), the table that
//! validation walks. The Godot adapter's callback derives `ApsProfile`'s inspector properties
//! and its copies to and from the core. A setting therefore cannot disagree with itself: its
//! default, legal range, inspector slider, unit, TOML path and inspector name are all here.
//!
//! The file stays whole: it is the one table of settings, a single macro's body, and a row
//! moved elsewhere would no longer be written in the one place.
//!
//! # The list
//!
//! Blocks in the order of the profile (and of the TOML file and the inspector). A block holds
//! its own settings, then rows of a plain type declared elsewhere (`SenseWeights`, and
//! `SenseLoss` once per sense), whose fields are described per row. A block's doc comments and
//! attributes go on its struct. One setting reads:
//!
//! ```text
//! /// Its doc comment, on the core field and on the inspector property.
//! field: Type = default, kind(args), inspector property_name
//!     [, spec "Spec Name"] [, group "Inspector Group"] [, subgroup "Inspector Subgroup"];
//! ```
//!
//! - `field` is the core field and its TOML key; the TOML path is `block.field` or
//!   `block.row.field`.
//! - `kind(args)` is one of
//!   - `number(min..=max [, soft_max m], step s [, unit U] [, above other [+ margin]])`: the
//!     legal range validation clamps to; `soft_max` ends the inspector's slider short of `max`
//!     (larger values can still be typed); `U` a [`Unit`](super::Unit) (none if left out);
//!     `above` makes another setting of the same block the least legal value (spec section 3's
//!     threshold order), checked with the range in one message;
//!   - `count(min..=max)`, a whole number;
//!   - `flag()`, `layers()` (physics layers), `choice()` (an enum with `NAMES`), `curve()`
//!     (the decay curve), `rules()` (team rules): no range.
//! - `spec` is the behaviour spec's name for it, where the spec names it.
//! - `group` and `subgroup` open an inspector group on this setting; the settings after it sit
//!   in that group until the next one opens (as Godot's groups work).

/// Hands the declaration of every profile setting to `$callback`, a macro of the caller's.
///
/// `aps_settings!(my_macro)` or `aps_settings!(my_macro, tokens...)` calls
///
/// ```text
/// my_macro! {
///     pass { tokens... }
///     blocks { $( {
///         attrs [ #[...]... ] block name: Type
///         fields [ $( {
///             doc ["..."...] spec [$("Spec Name")?] kind name (args) field: Type = default
///         } )* ]
///         rows [ $( { doc ["..."...] row: RowType = { $( field: default ),* } } )* ]
///     } )* }
///     settings { $( {
///         at [block $(row)?] field, ty [Type], default [expr], kind name (args),
///         inspector property, spec [$("..")?], group [$("..")?], subgroup [$("..")?],
///         doc ["..."...]
///     } )* }
/// }
/// ```
///
/// `blocks` is the declaration's shape (for structs and defaults); `settings` is every setting
/// once, in declaration order, with its path spelled out (for tables and copies).
#[macro_export]
macro_rules! aps_settings {
    ($callback:ident $(, $($pass:tt)*)?) => {
        $crate::aps_settings! { @parse [$callback] [$($($pass)*)?]

            /// The state thresholds (spec section 3) that awareness reuses (section 5).
            #[derive(Copy)]
            thresholds: Thresholds {
                /// Confidence at which a target becomes Suspected: the AI turns its head.
                suspect_threshold: f32 = 0.15,
                    number(0.0..=1.0, step 0.01, above memory_expire_threshold),
                    inspector suspect_threshold, spec "Suspect Threshold", group "Thresholds";
                /// Confidence at which a target becomes Detected: confirmed, alert.
                detect_threshold: f32 = 0.35,
                    number(0.0..=1.0, step 0.01, above suspect_threshold),
                    inspector detect_threshold, spec "Detect Threshold";
                /// Confidence at which a Detected target may become Tracked: full engagement.
                track_threshold: f32 = 0.60,
                    number(0.0..=1.0, step 0.01, above detect_threshold),
                    inspector track_threshold, spec "Track Threshold";
                /// Confidence of the top target at which the AI is Fully Aware.
                full_aware_threshold: f32 = 0.85,
                    number(0.0..=1.0, step 0.01, above track_threshold),
                    inspector full_aware_threshold, spec "Full Aware Threshold";
                /// Confidence below which a Remembered target is forgotten (Expired).
                memory_expire_threshold: f32 = 0.05, number(0.0..=1.0, step 0.01),
                    inspector memory_expire_threshold, spec "Memory Expire Threshold";
                /// Seconds a target must spend in Detected before it can become Tracked.
                min_track_duration: f32 = 0.5, number(0.0..=60.0, step 0.05, unit Seconds),
                    inspector min_track_duration, spec "Min Track Duration";
                /// Seconds a target stays Lost (searched for) at least, before it can fade to
                /// Remembered.
                min_time_in_lost: f32 = 3.0, number(0.0..=600.0, step 0.1, unit Seconds),
                    inspector min_time_in_lost, spec "Min Time in Lost";
            }

            /// How senses combine (spec section 2).
            #[derive(Copy)]
            fusion: Fusion {
                /// Flat bonus each agreeing (active) sense adds beside the strongest one.
                corroboration_bonus: f32 = 0.1, number(0.0..=1.0, step 0.01),
                    inspector corroboration_bonus, spec "Corroboration Bonus",
                    group "Fusion and Sense Weights";
                sense_weights: SenseWeights {
                    //! Each sense's weight: its confidence is multiplied by it before fusion.
                    /// Multiplies vision's confidence before fusion.
                    vision: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector vision_weight;
                    /// Multiplies hearing's confidence before fusion.
                    hearing: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector hearing_weight;
                    /// Multiplies smell's confidence before fusion (a guard dog might use 1.5).
                    smell: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector smell_weight;
                    /// Multiplies touch's confidence before fusion.
                    touch: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector touch_weight;
                    /// Multiplies vibration's confidence before fusion.
                    vibration: f32 = 1.0, number(0.0..=10.0, step 0.05),
                        inspector vibration_weight;
                    /// Multiplies damage's confidence before fusion.
                    damage: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector damage_weight;
                    /// Multiplies pain's confidence before fusion.
                    pain: f32 = 1.0, number(0.0..=10.0, step 0.05), inspector pain_weight;
                    /// Multiplies echolocation's confidence before fusion.
                    echolocation: f32 = 1.0, number(0.0..=10.0, step 0.05),
                        inspector echolocation_weight;
                }
            }

            /// How fused confidence becomes Smoothed Confidence (spec section 2, "Rise, hold,
            /// decay").
            smoothing: Smoothing {
                /// How fast smoothed confidence closes the gap to a higher fused value, per
                /// second.
                confidence_rise_rate: f32 = 2.0, number(0.0..=100.0, step 0.1, unit PerSecond),
                    inspector confidence_rise_rate, spec "Confidence Rise Rate",
                    group "Smoothing";
                /// Extra rise per second per unit of fused confidence while the target stands
                /// still.
                standing_dwell_rate: f32 = 0.05, number(0.0..=10.0, step 0.01, unit PerSecond),
                    inspector standing_dwell_rate, spec "Standing Dwell Rate";
                /// Extra rise per second per unit of fused confidence while the target moves at
                /// 6 m/s or more.
                moving_dwell_rate: f32 = 0.2, number(0.0..=10.0, step 0.01, unit PerSecond),
                    inspector moving_dwell_rate, spec "Moving Dwell Rate";
                /// Exponential decay rate per second with no sense active, times the last
                /// dominant sense's decay multiplier. Ignored when a Decay Curve is set.
                default_decay_exponent: f32 = 0.1,
                    number(0.0..=100.0, step 0.01, unit PerSecond),
                    inspector default_decay_exponent, spec "Default Decay Exponent";
                /// Optional: after a loss, confidence follows this curve instead of exponential
                /// decay. x is seconds since last sensed (set the curve's max domain to the
                /// seconds it spans), y the factor (0..1) of the confidence it had then.
                decay_curve: Option<DecayCurve> = None, curve(), inspector decay_curve,
                    spec "Decay Curve";
            }

            /// The grace table of spec section 3: one row per sense that can lose a target.
            #[derive(Copy)]
            loss: LossSettings {
                vision: SenseLoss {
                    /// Vision: seconds the state holds after every sense went quiet.
                    grace_time: f32 = 0.3,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector vision_grace_time, spec "Grace Time",
                        group "Loss per Sense", subgroup "Vision Loss";
                    /// Vision: losing the target may jump straight to Lost (you ducked behind a
                    /// wall).
                    direct_cut: bool = true, flag(), inspector vision_direct_cut,
                        spec "Direct Cut";
                    /// Vision: how fast confidence fades after vision last had the target.
                    confidence_decay_multiplier: f32 = 3.0, number(0.0..=100.0, step 0.05),
                        inspector vision_decay_multiplier, spec "Confidence Decay Multiplier";
                }
                echolocation: SenseLoss {
                    /// Echolocation: seconds the state holds after every sense went quiet.
                    grace_time: f32 = 0.6,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector echolocation_grace_time, spec "Grace Time",
                        subgroup "Echolocation Loss";
                    /// Echolocation: losing the target may jump straight to Lost (the pulse
                    /// missed).
                    direct_cut: bool = true, flag(), inspector echolocation_direct_cut,
                        spec "Direct Cut";
                    /// Echolocation: how fast confidence fades after it last had the target.
                    confidence_decay_multiplier: f32 = 2.0, number(0.0..=100.0, step 0.05),
                        inspector echolocation_decay_multiplier,
                        spec "Confidence Decay Multiplier";
                }
                touch: SenseLoss {
                    /// Touch: seconds the state holds after contact ended.
                    grace_time: f32 = 0.5,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector touch_grace_time, spec "Grace Time", subgroup "Touch Loss";
                    /// Touch: losing contact may jump straight to Lost.
                    direct_cut: bool = false, flag(), inspector touch_direct_cut,
                        spec "Direct Cut";
                    /// Touch: how fast confidence fades after contact ended.
                    confidence_decay_multiplier: f32 = 2.0, number(0.0..=100.0, step 0.05),
                        inspector touch_decay_multiplier, spec "Confidence Decay Multiplier";
                }
                hearing: SenseLoss {
                    /// Hearing: seconds the state holds after the last sound (it still rings in
                    /// its ears).
                    grace_time: f32 = 3.0,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector hearing_grace_time, spec "Grace Time", subgroup "Hearing Loss";
                    /// Hearing: silence may jump straight to Lost.
                    direct_cut: bool = false, flag(), inspector hearing_direct_cut,
                        spec "Direct Cut";
                    /// Hearing: how fast confidence fades after the last sound.
                    confidence_decay_multiplier: f32 = 1.0, number(0.0..=100.0, step 0.05),
                        inspector hearing_decay_multiplier, spec "Confidence Decay Multiplier";
                }
                damage: SenseLoss {
                    /// Damage: seconds the state holds after being hit (it remembers being
                    /// shot).
                    grace_time: f32 = 8.0,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector damage_grace_time, spec "Grace Time", subgroup "Damage Loss";
                    /// Damage: may jump straight to Lost.
                    direct_cut: bool = false, flag(), inspector damage_direct_cut,
                        spec "Direct Cut";
                    /// Damage: how fast confidence fades after the last hit.
                    confidence_decay_multiplier: f32 = 0.5, number(0.0..=100.0, step 0.05),
                        inspector damage_decay_multiplier, spec "Confidence Decay Multiplier";
                }
                smell: SenseLoss {
                    /// Smell: seconds the state holds after the scent was last smelled (it
                    /// lingers).
                    grace_time: f32 = 20.0, number(0.0..=600.0, step 0.1, unit Seconds),
                        inspector smell_grace_time, spec "Grace Time", subgroup "Smell Loss";
                    /// Smell: may jump straight to Lost.
                    direct_cut: bool = false, flag(), inspector smell_direct_cut,
                        spec "Direct Cut";
                    /// Smell: how fast confidence fades after the scent faded.
                    confidence_decay_multiplier: f32 = 0.3, number(0.0..=100.0, step 0.05),
                        inspector smell_decay_multiplier, spec "Confidence Decay Multiplier";
                }
                vibration: SenseLoss {
                    /// Vibration: seconds the state holds after the ground went still.
                    grace_time: f32 = 0.0,
                        number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                        inspector vibration_grace_time, spec "Grace Time",
                        subgroup "Vibration Loss";
                    /// Vibration: may jump straight to Lost.
                    direct_cut: bool = false, flag(), inspector vibration_direct_cut,
                        spec "Direct Cut";
                    /// Vibration: how fast confidence fades once the target stopped moving.
                    confidence_decay_multiplier: f32 = 5.0, number(0.0..=100.0, step 0.05),
                        inspector vibration_decay_multiplier, spec "Confidence Decay Multiplier";
                }
            }

            /// Which target the AI commits to (spec section 6).
            #[derive(Copy)]
            attention: AttentionSettings {
                /// Least seconds on one attention target before switching is even considered.
                attention_stickiness_time: f32 = 2.0,
                    number(0.0..=600.0, soft_max 60.0, step 0.1, unit Seconds),
                    inspector attention_stickiness_time, spec "Attention Stickiness Time",
                    group "Attention", subgroup "";
                /// How much better a rival's sort score must be to take attention.
                attention_switch_threshold: f32 = 0.2, number(0.0..=10.0, soft_max 2.0, step 0.01),
                    inspector attention_switch_threshold, spec "Attention Switch Threshold";
                /// Belief slots in the ledger: how many targets the AI keeps beliefs about at
                /// once.
                max_tracked_targets: u32 = 16, count(1..=256), inspector max_tracked_targets,
                    spec "Max Tracked Targets";
                /// Sort score weight of confidence (raise it for snipers).
                sort_weight_confidence: f32 = 0.5, number(0.0..=10.0, step 0.05),
                    inspector sort_weight_confidence, spec "Sort Weight Confidence";
                /// Sort score weight of recency (1 when sensed now, halving after a second
                /// unsensed).
                sort_weight_recency: f32 = 0.3, number(0.0..=10.0, step 0.05),
                    inspector sort_weight_recency, spec "Sort Weight Recency";
                /// Sort score weight of proximity (1 on top of the AI, 0 at the gather range);
                /// raise it for melee enemies.
                sort_weight_proximity: f32 = 0.2, number(0.0..=10.0, step 0.05),
                    inspector sort_weight_proximity, spec "Sort Weight Proximity";
            }

            /// How often perception runs (spec section 10).
            #[derive(Copy)]
            performance: Performance {
                /// Seconds between perception ticks at full detail; events can be this late.
                base_update_interval: f32 = 0.1, number(0.01..=10.0, step 0.01, unit Seconds),
                    inspector base_update_interval, spec "Base Update Interval",
                    group "Performance";
                /// Seconds between housekeeping passes.
                maintenance_interval: f32 = 0.5, number(0.05..=600.0, step 0.05, unit Seconds),
                    inspector maintenance_interval, spec "Maintenance Interval";
            }

            /// Where the AI thinks the target is (spec section 7).
            #[derive(Copy)]
            spatial: SpatialSettings {
                /// Weight of each new velocity sample in the Estimated Velocity average (0..1];
                /// higher reacts faster.
                velocity_ema_weight: f32 = 0.5, number(0.01..=1.0, step 0.01),
                    inspector velocity_ema_weight, spec "Velocity EMAWeight",
                    group "Where It Thinks You Are";
                /// While lost, predict where the target's run took it. Off for a patrol guard
                /// (it would seem psychic), on for pursuers.
                enable_prediction: bool = false, flag(), inspector enable_prediction,
                    spec "Enable Prediction";
                /// Seconds ahead the prediction looks.
                prediction_horizon: f32 = 1.0,
                    number(0.0..=60.0, soft_max 10.0, step 0.05, unit Seconds),
                    inspector prediction_horizon, spec "Prediction Horizon";
                /// The most seconds ahead the prediction may look.
                max_prediction_time: f32 = 3.0,
                    number(0.1..=60.0, soft_max 30.0, step 0.1, unit Seconds),
                    inspector max_prediction_time, spec "Max Prediction Time";
                /// Metres per second the uncertainty radius (the search radius) grows while
                /// the target is unsensed.
                uncertainty_growth_rate: f32 = 0.5,
                    number(0.0..=100.0, soft_max 10.0, step 0.05, unit MetresPerSecond),
                    inspector uncertainty_growth_rate, spec "Uncertainty Growth Rate";
                /// The most the uncertainty radius grows to, in metres.
                max_uncertainty_radius: f32 = 5.0,
                    number(0.0..=10_000.0, soft_max 100.0, step 0.1, unit Metres),
                    inspector max_uncertainty_radius, spec "Max Uncertainty Radius";
                /// A target faster than 6 m/s makes the radius grow faster (×2 at 12 m/s, ×3
                /// from 18).
                velocity_scaled_uncertainty: bool = true, flag(),
                    inspector velocity_scaled_uncertainty, spec "Velocity Scaled Uncertainty";
            }

            /// Memory beyond smoothed confidence (spec section 8).
            #[derive(Copy)]
            memory: MemorySettings {
                /// Long Term Memory Strength gained per second while sensed, times confidence.
                long_term_build_rate: f32 = 0.05,
                    number(0.0..=10.0, soft_max 1.0, step 0.001, unit PerSecond),
                    inspector long_term_build_rate, group "Memory";
                /// Long Term Memory Strength lost per second while unsensed (far slower than
                /// confidence).
                long_term_decay_rate: f32 = 0.002,
                    number(0.0..=10.0, soft_max 1.0, step 0.0005, unit PerSecond),
                    inspector long_term_decay_rate;
                /// Confidence added at once when a Lost or Remembered target is sensed again.
                memory_refresh_bonus: f32 = 0.1, number(0.0..=1.0, step 0.01),
                    inspector memory_refresh_bonus, spec "Memory Refresh Bonus";
                /// Seconds the memory store keeps a subject's episodes after its last one.
                memory_retention_seconds: f32 = 300.0,
                    number(0.0..=86_400.0, soft_max 3600.0, step 1.0, unit Seconds),
                    inspector memory_retention_seconds, spec "Memory Retention Seconds";
            }

            /// Threat (spec section 9): the formula's weights, the levels, relationships.
            threat: ThreatSettings {
                /// Threat weight of confidence.
                threat_weight_confidence: f32 = 0.35, number(0.0..=1.0, step 0.01),
                    inspector threat_weight_confidence, spec "Threat Weight Confidence",
                    group "Threat";
                /// Threat weight of damage received (100 damage fills it).
                threat_weight_damage_received: f32 = 0.30, number(0.0..=1.0, step 0.01),
                    inspector threat_weight_damage_received,
                    spec "Threat Weight Damage Received";
                /// Threat weight of the number of senses that agree (out of 8).
                threat_weight_senses: f32 = 0.15, number(0.0..=1.0, step 0.01),
                    inspector threat_weight_senses, spec "Threat Weight Senses";
                /// Threat weight of the relationship (Feared 1.5 .. Friendly 0).
                threat_weight_relationship: f32 = 0.10, number(0.0..=1.0, step 0.01),
                    inspector threat_weight_relationship, spec "Threat Weight Relationship";
                /// Threat weight of being in contact (Detected or Tracked).
                threat_weight_approach: f32 = 0.10, number(0.0..=1.0, step 0.01),
                    inspector threat_weight_approach, spec "Threat Weight Approach";
                /// Damage points per second the damage term loses while the target is
                /// unsensed.
                threat_damage_decay_rate: f32 = 5.0,
                    number(0.0..=10_000.0, soft_max 100.0, step 0.1, unit PerSecond),
                    inspector threat_damage_decay_rate, spec "Threat Damage Decay Rate";
                /// Threat score of the Low level.
                threat_threshold_low: f32 = 0.15, number(0.0..=1.0, step 0.01),
                    inspector threat_threshold_low, spec "Threat Threshold Low";
                /// Threat score of the Medium level.
                threat_threshold_medium: f32 = 0.35,
                    number(0.0..=1.0, step 0.01, above threat_threshold_low),
                    inspector threat_threshold_medium, spec "Threat Threshold Medium";
                /// Threat score of the High level.
                threat_threshold_high: f32 = 0.60,
                    number(0.0..=1.0, step 0.01, above threat_threshold_medium),
                    inspector threat_threshold_high, spec "Threat Threshold High";
                /// Threat score of the Critical level.
                threat_threshold_critical: f32 = 0.85,
                    number(0.0..=1.0, step 0.01, above threat_threshold_high),
                    inspector threat_threshold_critical, spec "Threat Threshold Critical";
                /// How this AI regards teams with no rule (and targets of team 0, no team).
                default_relationship: Relationship = Relationship::Enemy, choice(),
                    inspector default_relationship;
                /// How one team regards another. In Godot: x is this AI's team, y another team,
                /// z the relationship (ApsPerceptionComponent.RELATIONSHIP_*). The same non-zero
                /// team is Teammate unless a rule says otherwise. At most 1,024 rules (more are
                /// dropped with a warning); each AI looks them up by pair of teams.
                team_rules: Vec<TeamRule> = Vec::new(), rules(), inspector team_rules;
            }

            /// Which sides this AI perceives, by the relationship of each target (detection by
            /// affiliation): a target of a side it leaves out is looked at by no sense, so it
            /// is never believed in and no signal is ever about it.
            #[derive(Copy)]
            sides: SideSettings {
                /// Perceive enemies: targets that are Enemy, Feared or High Value to it (by
                /// default everyone on no team, or on another team).
                detect_enemies: bool = true, flag(), inspector detect_enemies, group "Sides";
                /// Perceive neutrals: targets that are Neutral or Unknown to it.
                detect_neutrals: bool = true, flag(), inspector detect_neutrals;
                /// Perceive friendlies: targets that are Friendly or Teammate to it (by
                /// default anyone on its own non-zero team). Off for hostile AI, so that two
                /// guards never raise signals about each other.
                detect_friendlies: bool = true, flag(), inspector detect_friendlies;
            }

            /// What stops sight, muffles sound and returns echoes.
            #[derive(Copy)]
            occlusion: OcclusionSettings {
                /// Sight, sound and echoes stop at the physics layers of the project setting
                /// aps/occlusion_layers (every layer unless the project changes it), so a
                /// game's walls block them whatever layer they are on. Off: at this profile's
                /// own Vision Collision Mask, Hearing Occlusion Mask and Echo Collision Mask.
                use_project_layers: bool = true, flag(), inspector use_project_occlusion_layers,
                    group "Occlusion";
            }

            /// Emotion (spec section 9): a cap per emotion (all 0: a robot feels nothing) and
            /// the level the strongest must reach to be dominant.
            #[derive(Copy)]
            emotion: EmotionSettings {
                /// The most fear this AI can feel (0: none at all).
                fear_cap: f32 = 1.0, number(0.0..=1.0, step 0.01), inspector fear_cap,
                    group "Emotion";
                /// The most aggression this AI can feel.
                aggression_cap: f32 = 1.0, number(0.0..=1.0, step 0.01),
                    inspector aggression_cap;
                /// The most curiosity this AI can feel.
                curiosity_cap: f32 = 1.0, number(0.0..=1.0, step 0.01), inspector curiosity_cap;
                /// The most alertness this AI can feel.
                alertness_cap: f32 = 1.0, number(0.0..=1.0, step 0.01), inspector alertness_cap;
                /// The most panic this AI can feel. All caps at 0: a robot feels nothing.
                panic_cap: f32 = 1.0, number(0.0..=1.0, step 0.01), inspector panic_cap;
                /// The strongest emotion at or above this is the dominant one.
                emotion_active_threshold: f32 = 0.3, number(0.0..=1.0, step 0.01),
                    inspector emotion_active_threshold, spec "Emotion Active Threshold";
            }

            /// Squad sharing (spec section 10, brain: squad sharing).
            #[derive(Copy)]
            squad: SquadSettings {
                /// A squad mate's confidence reaches this AI times this.
                share_factor: f32 = 0.6, number(0.0..=1.0, step 0.01), inspector share_factor,
                    group "Squad";
                /// Seconds before a mate's sighting reaches this AI.
                share_delay: f32 = 0.5,
                    number(0.0..=60.0, soft_max 10.0, step 0.05, unit Seconds),
                    inspector share_delay;
                /// Seconds a shared sighting keeps counting after it arrives.
                share_hold_time: f32 = 0.5,
                    number(0.0..=60.0, soft_max 10.0, step 0.05, unit Seconds),
                    inspector share_hold_time;
                /// Grace time of belief that came only from mates (its row of the grace table).
                shared_grace_time: f32 = 2.0,
                    number(0.0..=600.0, soft_max 60.0, step 0.05, unit Seconds),
                    inspector shared_grace_time;
            }

            /// Sight: a range, a main cone and a wider peripheral cone, rays to sample points.
            #[derive(Copy)]
            vision: VisionSettings {
                /// Whether this AI sees at all.
                enabled: bool = true, flag(), inspector vision_enabled, group "Vision";
                /// Metres beyond which nothing is seen.
                max_range: f32 = 40.0,
                    number(0.0..=10_000.0, soft_max 500.0, step 0.5, unit Metres),
                    inspector vision_max_range, spec "Vision Max Range";
                /// Half-angle in degrees of the main cone, where sight is sharpest.
                main_cone_half_angle: f32 = 45.0, number(0.0..=180.0, step 0.5, unit Degrees),
                    inspector vision_main_cone_half_angle;
                /// Half-angle in degrees of the peripheral cone around it; equal to the main
                /// cone turns peripheral sight off.
                peripheral_half_angle: f32 = 80.0,
                    number(0.0..=180.0, step 0.5, unit Degrees, above main_cone_half_angle),
                    inspector vision_peripheral_half_angle;
                /// Confidence multiplier just outside the main cone; it halves toward the
                /// peripheral edge.
                peripheral_factor: f32 = 0.4, number(0.0..=1.0, step 0.01),
                    inspector vision_peripheral_factor;
                /// Confidence for a target in full view, point-blank, in bright light.
                acuity: f32 = 0.92, number(0.0..=1.0, step 0.01), inspector vision_acuity;
                /// Light factor in total darkness (1 in full light); a dark target is harder to
                /// see.
                dark_visibility: f32 = 0.15, number(0.0..=1.0, step 0.01),
                    inspector vision_dark_visibility;
                /// How much more visible a target moving at 6 m/s or faster is, as a fraction.
                motion_bonus: f32 = 0.15, number(0.0..=10.0, soft_max 2.0, step 0.01),
                    inspector vision_motion_bonus;
                /// Confidence below which a look counts as seeing nothing.
                min_confidence: f32 = 0.03, number(0.0..=1.0, step 0.005),
                    inspector vision_min_confidence;
                /// Most sample points looked at per target (one ray each).
                max_rays_per_target: u32 = 3, count(1..=16),
                    inspector vision_max_rays_per_target;
                /// Physics layers that block sight.
                collision_mask: u32 = 1, layers(), inspector vision_collision_mask;
            }

            /// Hearing: sounds within range, fading with distance, muffled by walls.
            #[derive(Copy)]
            hearing: HearingSettings {
                /// Whether this AI hears at all.
                enabled: bool = true, flag(), inspector hearing_enabled, group "Hearing";
                /// Metres beyond which no sound is heard, however loud.
                max_range: f32 = 40.0,
                    number(0.0..=10_000.0, soft_max 500.0, step 0.5, unit Metres),
                    inspector hearing_max_range, spec "Hearing Max Range";
                /// Multiplies every sound's confidence: a sharp-eared AI has more than 1.
                sensitivity: f32 = 1.0, number(0.0..=100.0, soft_max 10.0, step 0.05),
                    inspector hearing_sensitivity;
                /// Factor a wall between the sound and the listener leaves of it (one ray).
                wall_muffle_factor: f32 = 0.5, number(0.0..=1.0, step 0.01),
                    inspector hearing_wall_muffle_factor;
                /// Seconds a heard sound keeps ringing, fading, before it counts as silence.
                sound_hold_time: f32 = 1.0,
                    number(0.0..=60.0, soft_max 10.0, step 0.05, unit Seconds),
                    inspector hearing_sound_hold_time;
                /// Confidence below which a sound counts as not heard.
                min_confidence: f32 = 0.02, number(0.0..=1.0, step 0.005),
                    inspector hearing_min_confidence;
                /// Physics layers that muffle sound.
                occlusion_mask: u32 = 1, layers(), inspector hearing_occlusion_mask;
                /// How much a downpour (ApsWorld.rain = 1) masks sound, 0..1.
                rain_masking: f32 = 0.5, number(0.0..=1.0, step 0.01),
                    inspector hearing_rain_masking;
            }

            /// Smell: scent trails within range, carried further downwind, masked by rain.
            #[derive(Copy)]
            smell: SmellSettings {
                /// Whether this AI smells scent trails (a guard dog does; a guard usually
                /// doesn't).
                enabled: bool = false, flag(), inspector smell_enabled, group "Smell";
                /// Metres at which a fresh scent is smelled with no wind.
                range: f32 = 12.0,
                    number(0.0..=1000.0, soft_max 200.0, step 0.5, unit Metres),
                    inspector smell_range;
                /// Multiplies every scent's confidence.
                sensitivity: f32 = 1.0, number(0.0..=100.0, soft_max 10.0, step 0.05),
                    inspector smell_sensitivity;
                /// How much each m/s of wind stretches the range downwind (and shrinks it
                /// upwind).
                wind_range_factor: f32 = 0.1, number(0.0..=10.0, soft_max 1.0, step 0.01),
                    inspector smell_wind_range_factor;
                /// How much a downpour masks scent, 0..1.
                rain_masking: f32 = 0.7, number(0.0..=1.0, step 0.01),
                    inspector smell_rain_masking;
                /// Confidence below which a scent counts as not smelled.
                min_confidence: f32 = 0.02, number(0.0..=1.0, step 0.005),
                    inspector smell_min_confidence;
            }

            /// Touch: contact with bodies within reach, or contact the game reports.
            #[derive(Copy)]
            touch: TouchSettings {
                /// Whether this AI feels contact.
                enabled: bool = true, flag(), inspector touch_enabled, group "Touch";
                /// Metres from the AI's body within which another body counts as touching it.
                reach: f32 = 0.8, number(0.0..=100.0, soft_max 5.0, step 0.05, unit Metres),
                    inspector touch_reach;
                /// Seconds a reported touch (ApsWorld.report_touch) keeps counting.
                contact_hold_time: f32 = 0.3,
                    number(0.0..=60.0, soft_max 5.0, step 0.05, unit Seconds),
                    inspector touch_contact_hold_time;
            }

            /// Vibration: a target moving on the ground nearby.
            #[derive(Copy)]
            vibration: VibrationSettings {
                /// Whether this AI feels footsteps through the ground.
                enabled: bool = false, flag(), inspector vibration_enabled, group "Vibration";
                /// Metres within which ground vibration is felt.
                vibration_detect_range: f32 = 15.0,
                    number(0.0..=1000.0, soft_max 200.0, step 0.5, unit Metres),
                    inspector vibration_detect_range, spec "Vibration Detect Range";
                /// Speed in m/s below which a target makes no vibration.
                min_speed: f32 = 0.5,
                    number(0.0..=100.0, soft_max 20.0, step 0.05, unit MetresPerSecond),
                    inspector vibration_min_speed;
                /// Speed in m/s at which a target shakes the ground fully.
                full_speed: f32 = 6.0,
                    number(0.0..=1000.0, soft_max 50.0, step 0.1, unit MetresPerSecond,
                        above min_speed + 0.01),
                    inspector vibration_full_speed;
                /// Multiplies every vibration's confidence.
                sensitivity: f32 = 1.0, number(0.0..=100.0, soft_max 10.0, step 0.05),
                    inspector vibration_sensitivity;
            }

            /// Damage: being hurt reveals who did it, from any distance.
            #[derive(Copy)]
            damage: DamageSettings {
                /// Whether being hurt reveals the attacker (ApsWorld.report_damage).
                enabled: bool = true, flag(), inspector damage_enabled, group "Damage";
                /// Confidence in the attacker when hit (the spec: being shot is around 1.0).
                confidence: f32 = 1.0, number(0.0..=1.0, step 0.01),
                    inspector damage_confidence;
                /// Seconds a hit keeps counting as sensed.
                hold_time: f32 = 0.5,
                    number(0.0..=60.0, soft_max 10.0, step 0.05, unit Seconds),
                    inspector damage_hold_time;
            }

            /// Pain: the AI's own pain from damage taken, which dulls its other senses while
            /// high.
            #[derive(Copy)]
            pain: PainSettings {
                /// Whether damage hurts this AI (pain_changed) and dulls its senses.
                enabled: bool = true, flag(), inspector pain_enabled, group "Pain";
                /// Pain added per point of damage (0.01: 100 damage is full pain).
                pain_per_damage: f32 = 0.01, number(0.0..=10.0, soft_max 1.0, step 0.001),
                    inspector pain_per_damage;
                /// Pain lost per second.
                decay_rate: f32 = 0.05,
                    number(0.0..=100.0, soft_max 10.0, step 0.01, unit PerSecond),
                    inspector pain_decay_rate;
                /// Pain above which the other senses are dulled.
                dulling_threshold: f32 = 0.3, number(0.0..=1.0, step 0.01),
                    inspector pain_dulling_threshold;
                /// At full pain, the other senses keep 1 − this of their confidence (1: blinded
                /// by pain).
                dulling_factor: f32 = 1.0, number(0.0..=1.0, step 0.01),
                    inspector pain_dulling_factor;
                /// Least change of pain that fires the pain event (pain_changed).
                event_step: f32 = 0.05, number(0.001..=1.0, step 0.005),
                    inspector pain_event_step;
            }

            /// Echolocation: pulses of rays, blind to light; a target the pulse misses is gone
            /// at once.
            #[derive(Copy)]
            echolocation: EcholocationSettings {
                /// Whether this AI echolocates (a bat).
                enabled: bool = false, flag(), inspector echolocation_enabled,
                    group "Echolocation";
                /// Metres the pulse reaches.
                echo_range: f32 = 20.0,
                    number(0.0..=1000.0, soft_max 200.0, step 0.5, unit Metres),
                    inspector echo_range, spec "Echo Range";
                /// Seconds between pulses; between them the last echo holds.
                pulse_interval: f32 = 0.5,
                    number(0.01..=60.0, soft_max 5.0, step 0.01, unit Seconds),
                    inspector echo_pulse_interval;
                /// Half-angle in degrees of the pulse (180: a sphere).
                half_angle: f32 = 180.0, number(0.0..=180.0, step 0.5, unit Degrees),
                    inspector echo_half_angle;
                /// Confidence of an echo from point-blank.
                strength: f32 = 0.9, number(0.0..=1.0, step 0.01), inspector echo_strength;
                /// Physics layers that return an echo.
                collision_mask: u32 = 1, layers(), inspector echo_collision_mask;
            }
        }
    };

    // Reads the list above into the form the callback receives (see the macro's doc).
    (@parse [$callback:ident] [$($pass:tt)*]
        $(
            $(#[$($battr:tt)*])*
            $block:ident : $Block:ident {
                $(
                    $(#[doc = $doc:tt])+
                    $field:ident : $ty:ty = $default:expr, $kind:ident $args:tt,
                    inspector $inspector:ident
                    $(, spec $spec:tt)? $(, group $group:tt)? $(, subgroup $subgroup:tt)?;
                )*
                $(
                    $row:ident : $Row:ident {
                        $(#![doc = $rdoc:tt])*
                        $(
                            $(#[doc = $sdoc:tt])+
                            $sfield:ident : $sty:ty = $sdefault:expr, $skind:ident $sargs:tt,
                            inspector $sinspector:ident
                            $(, spec $sspec:tt)? $(, group $sgroup:tt)?
                            $(, subgroup $ssubgroup:tt)?;
                        )*
                    }
                )*
            }
        )*
    ) => {
        $callback! {
            pass { $($pass)* }
            blocks {
                $( {
                    attrs [$(#[$($battr)*])*] block $block: $Block
                    fields [ $( {
                        doc [$($doc)*] spec [$($spec)?] kind $kind $args $field: $ty = $default
                    } )* ]
                    rows [ $( {
                        doc [$($rdoc)*] $row: $Row = { $( $sfield: $sdefault ),* }
                    } )* ]
                } )*
            }
            settings {
                $(
                    $( {
                        at [$block] $field, ty [$ty], default [$default], kind $kind $args,
                        inspector $inspector, spec [$($spec)?], group [$($group)?],
                        subgroup [$($subgroup)?], doc [$($doc)*]
                    } )*
                    $( $( {
                        at [$block $row] $sfield, ty [$sty], default [$sdefault],
                        kind $skind $sargs, inspector $sinspector, spec [$($sspec)?],
                        group [$($sgroup)?], subgroup [$($ssubgroup)?], doc [$($sdoc)*]
                    } )* )*
                )*
            }
        }
    };
}
