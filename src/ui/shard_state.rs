//! The state's sharding transitions: the field, the shown device, and the
//! field filled from a pasted instruction's `sharding=`.

use super::state::State;

impl State {
    pub(crate) fn set_sharding(&mut self, text: String) {
        if text != self.sharding {
            self.sharding = text;
            self.sharding_filled = false;
            self.device = 0;
            self.reanalyse();
        }
    }

    pub(crate) fn set_device(&mut self, index: usize) {
        if index == self.device {
            return;
        }
        self.device = index;
        // Every device holds a shard of the same shape (`TileShape`): the
        // picture stays, only which device it is changes.
        let sharded = self.model.as_ref().is_some_and(|m| m.shard.is_some());
        self.reanalyse_keeping(sharded);
    }

    /// A pasted instruction with a sharding fills an empty field (or one
    /// it filled before); what the user typed there is never replaced.
    pub(crate) fn fill_sharding(&mut self) {
        if !(self.sharding.trim().is_empty() || self.sharding_filled) {
            return;
        }
        let Some(support) = super::shard::support() else {
            return;
        };
        let found = (support.from_instruction)(&self.input);
        if found.is_none() && !self.sharding_filled {
            return;
        }
        self.sharding = found.clone().unwrap_or_default();
        self.sharding_filled = found.is_some();
        self.device = 0;
    }
}

/// The canonical sharding of the instruction `text` holds (its
/// `sharding=`, or Shardy's attribute), if it is one and has one.
pub fn instruction_sharding(text: &str) -> Option<String> {
    if !text.contains("sharding") || crate::core::parse(text).is_ok() {
        return None;
    }
    crate::core::hlo::scan(text)
        .into_iter()
        .find(|f| f.role == crate::core::hlo::Role::Result)?
        .sharding()?
        .canonical
        .clone()
}

#[cfg(test)]
mod tests {
    use crate::ui::state::{Action, State};

    fn state(input: &str) -> State {
        crate::ui::shard::enable();
        State::new(
            input.to_owned(),
            String::new(),
            Default::default(),
            Vec::new(),
        )
    }

    fn drawn(s: &State) -> String {
        let d = s.model.as_ref().unwrap().drawn.as_ref().unwrap();
        d.array.to_string()
    }

    #[test]
    fn a_sharding_draws_the_shown_devices_shard() {
        let mut s = state("f32[64,4096]{1,0:T(8,128)}");
        s.apply(Action::Sharding("{devices=[16,1]<=[16]}".into()));
        assert_eq!(drawn(&s), "f32[4,4096]{1,0:T(8,128)}");
        s.apply(Action::Device(5));
        let m = s.model.clone().unwrap();
        assert_eq!(m.shard.as_ref().unwrap().origin(), [20, 0]);
        // A bad sharding keeps the text, says why, and draws the whole array.
        s.apply(Action::Sharding("{devices=[16,1]<=[15]}".into()));
        assert_eq!(s.sharding, "{devices=[16,1]<=[15]}");
        assert!(s.model.as_ref().unwrap().sharding_error.is_some());
        assert_eq!(drawn(&s), "f32[64,4096]{1,0:T(8,128)}");
        s.apply(Action::Sharding(String::new()));
        assert!(s.model.as_ref().unwrap().shard.is_none());
    }

    /// Picking a device keeps the picture (every shard has the same shape)
    /// and shows what a fresh analysis for that device shows.
    #[test]
    fn picking_a_device_keeps_the_picture() {
        let mut s = state("f32[10,256]{1,0:T(8,128)}");
        s.apply(Action::Sharding("{devices=[4,1]<=[4]}".into()));
        let generation = s.generation;
        s.pinned = Some(crate::ui::state::Target {
            offset: 3,
            pane: crate::render::world::Pane::Memory,
        });
        s.apply(Action::Device(3));
        assert_eq!(s.generation, generation);
        assert!(s.pinned.is_some());
        let picked = s.model.as_ref().unwrap().shard.clone().unwrap();
        // 10 rows over 4 devices: shards of 3, the last holds rows 9..10.
        assert_eq!(picked.shown().unwrap().ranges, vec![[9, 10], [0, 256]]);
        let mut fresh = state("f32[10,256]{1,0:T(8,128)}");
        fresh.apply(Action::Sharding("{devices=[4,1]<=[4]}".into()));
        fresh.device = 3;
        fresh.reanalyse();
        let expected = fresh.model.as_ref().unwrap().shard.clone().unwrap();
        assert_eq!(picked.device, expected.device);
        assert_eq!(picked.report, expected.report);
        assert_eq!(drawn(&s), drawn(&fresh));
        // Past the last device: the last one, as the analysis clamps it.
        s.apply(Action::Device(99));
        assert_eq!(s.model.as_ref().unwrap().shard.as_ref().unwrap().device, 3);
    }

    #[test]
    fn a_pasted_instruction_fills_an_empty_field_only() {
        let line = "%p = f32[64,128]{1,0} parameter(0), sharding={devices=[4,1,2]<=[8] last_tile_dim_replicate}";
        let mut s = state(line);
        assert_eq!(s.sharding, "{devices=[4,1,2]<=[8] last_tile_dim_replicate}");
        assert_eq!(drawn(&s), "f32[16,128]{1,0}");
        // Another instruction replaces what was filled, a plain shape clears it.
        s.apply(Action::Edit(line.replace("[4,1,2]<=[8]", "[2,1,4]<=[8]")));
        assert_eq!(s.sharding, "{devices=[2,1,4]<=[8] last_tile_dim_replicate}");
        s.apply(Action::Edit("f32[8]{0}".into()));
        assert_eq!(s.sharding, "");
        // What the user typed stays.
        s.apply(Action::Sharding("{replicated}".into()));
        s.apply(Action::Edit(line.into()));
        assert_eq!(s.sharding, "{replicated}");
    }

    #[test]
    fn step_mode_starts_with_the_cut_into_shards() {
        let mut s = state("f32[64,4096]{1,0:T(8,128)}");
        s.apply(Action::StageStep(1));
        assert_eq!(
            (s.stage, s.stage_cut),
            (Some(0), false),
            "unsharded: no cut"
        );
        s.apply(Action::StageOff);
        s.apply(Action::Sharding("{devices=[16,1]<=[16]}".into()));
        s.apply(Action::StageStep(1));
        assert_eq!((s.stage, s.stage_cut), (Some(0), true));
        s.apply(Action::StageStep(1));
        assert_eq!((s.stage, s.stage_cut), (Some(0), false));
        s.apply(Action::StageStep(1));
        assert_eq!((s.stage, s.stage_cut), (Some(1), false));
        s.apply(Action::StageStep(-5));
        assert_eq!((s.stage, s.stage_cut), (Some(0), false));
        s.apply(Action::StageStep(-1));
        assert_eq!((s.stage, s.stage_cut), (Some(0), true));
    }
}
