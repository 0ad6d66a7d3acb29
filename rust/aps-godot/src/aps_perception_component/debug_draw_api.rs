//! The debug drawing of a perception component: its `DRAW_*` flags and the drawing's nodes
//! (`debug_draw/`), drawn each frame from the shapes `drawing.rs` makes of what the last pass
//! noted and believed.

macro_rules! debug_draw_api {
    ($C:ident, $I:ident, $N:ident, $V:ident, $D:ident, $S:ident, $Draw:ident, $two:literal, $px:literal) => {
        #[godot_api(secondary)]
        impl $C {
            /// [member debug_draw]: the vision cones and the ranges of vision and hearing.
            #[constant]
            pub const DRAW_CONES: i32 = flags::CONES as i32;
            /// [member debug_draw]: each vision ray of the last pass, green or red at what blocked it.
            #[constant]
            pub const DRAW_RAYS: i32 = flags::RAYS as i32;
            /// [member debug_draw]: state, confidence, dominant sense and why over each believed target.
            #[constant]
            pub const DRAW_LABELS: i32 = flags::LABELS as i32;
            /// [member debug_draw]: last known and predicted positions and the uncertainty circle.
            #[constant]
            pub const DRAW_WHEREABOUTS: i32 = flags::WHEREABOUTS as i32;
            /// [member debug_draw]: the loss reason, written where a target was lost.
            #[constant]
            pub const DRAW_LOSS_REASONS: i32 = flags::LOSS as i32;
            /// [member debug_draw]: rings where sounds are heard.
            #[constant]
            pub const DRAW_SOUNDS: i32 = flags::SOUNDS as i32;
            /// [member debug_draw]: scent trails of believed targets.
            #[constant]
            pub const DRAW_SCENT: i32 = flags::SCENT as i32;
            /// [member debug_draw]: a line to the attention target.
            #[constant]
            pub const DRAW_ATTENTION: i32 = flags::ATTENTION as i32;
            /// [member debug_draw]: everything.
            #[constant]
            pub const DRAW_ALL: i32 = flags::ALL as i32;

            /// What the debug drawing drew in the last physics frame: `drawing` (whether it is
            /// drawn), `green_rays` and `red_rays` (vision rays that reached their sample point or were
            /// blocked), `labels`, `lines` (segments drawn after the last pass), `circles` and
            /// `cone_lines` (segments of the cones and ranges). All 0 while nothing is drawn.
            #[func]
            pub fn get_debug_draw_counts(&self) -> VarDictionary {
                let c = self
                    .state
                    .draw
                    .as_ref()
                    .map($Draw::counts)
                    .unwrap_or_default();
                vdict! {
                    "drawing" => self.is_drawing(),
                    "green_rays" => i64::from(c.green_rays),
                    "red_rays" => i64::from(c.red_rays),
                    "labels" => i64::from(c.labels),
                    "lines" => i64::from(c.lines),
                    "cone_lines" => i64::from(c.cone_lines),
                    "circles" => i64::from(c.circles),
                }
            }
        }

        impl $C {
            /// The debugger's tab asks to draw this AI (everything) or stops asking.
            pub fn set_drawn_by_debugger(&mut self, on: bool) {
                self.state.drawn_by_debugger = on;
                if on && self.base().is_inside_tree() {
                    let id = self.base().instance_id();
                    ApsWorld::singleton().bind_mut().add_drawing(id);
                }
            }

            /// What is drawn now (see `PerceiverState::draw_flags`).
            pub(super) fn draw_flags(&self, draw_all: bool) -> u32 {
                self.state.draw_flags(self.debug_draw as u32, draw_all)
            }

            /// Whether its debug drawing is shown.
            pub(super) fn is_drawing(&self) -> bool {
                self.state.draw.as_ref().is_some_and($Draw::is_shown)
            }

            /// Frees the drawing's nodes, if any (it left the tree).
            pub(super) fn stop_drawing(&mut self) {
                if let Some(d) = self.state.draw.take() {
                    d.free();
                }
            }

            /// Brings the debug drawing up to date for this physics frame: its nodes are made the
            /// first time it draws, then shown or hidden as the flags ask, never freed while it
            /// stays in the tree (a game may toggle drawing every frame); the marks are remade only
            /// after a pass. Returns whether it still draws.
            pub fn redraw(&mut self, draw_all: bool) -> bool {
                let f = self.draw_flags(draw_all);
                if in_editor() || !self.base().is_inside_tree() {
                    self.stop_drawing();
                    return false;
                }
                if f == 0 {
                    if let Some(d) = self.state.draw.as_mut() {
                        d.set_shown(false);
                    }
                    return false;
                }
                // A script freed its nodes (they are children like any other): made anew.
                if self.state.draw.as_ref().is_some_and(|d| !d.is_intact()) {
                    self.stop_drawing();
                }
                let mut me = self.to_gd().upcast::<$N>();
                let draw = self.state.draw.get_or_insert_with(|| $Draw::new(&mut me));
                draw.set_shown(true);
                let (vision, hearing) = self.state.core.as_ref().map_or((None, None), |c| {
                    let p = c.mind().profile();
                    let v = &p.vision;
                    (
                        v.enabled.then_some((
                            v.max_range,
                            v.main_cone_half_angle,
                            v.peripheral_half_angle,
                        )),
                        p.hearing.enabled.then_some(p.hearing.max_range),
                    )
                });
                let now = self.state.core.as_ref().map_or(-1.0, |c| c.mind().now());
                // The shapes first, the nodes after: the drawing stays in `self` whatever happens.
                let stale = self.state.draw.as_ref().is_some_and(|d| d.is_stale(f, now));
                let scene = stale.then(|| self.draw_scene(f));
                let Some(draw) = self.state.draw.as_mut() else {
                    return false;
                };
                let (range, main, peripheral) = vision.unwrap_or_default();
                draw.draw_cones(f, [range, main, peripheral, hearing.unwrap_or(0.0)], || {
                    DrawScene::cones(vision, hearing)
                });
                if let Some(scene) = scene {
                    draw.draw(&mut me, f, now, &scene);
                }
                true
            }

            /// The shapes of this frame's drawing (see `PerceiverState::draw_scene`).
            fn draw_scene(&self, f: u32) -> DrawScene {
                self.state
                    .draw_scene(f, self.eye(), self.base().instance_id())
            }
        }
    };
}
pub(crate) use debug_draw_api;
