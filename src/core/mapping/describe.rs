//! Full details of one cell: index, padding source, tile coordinates.

use super::{Cell, CellInfo, LevelCoords, Mapping, PaddingSource};

impl Mapping {
    /// Full details of the cell at `offset`: element or padding, index,
    /// and tile / within-tile coordinates at every level.
    pub fn describe_offset(&self, offset: u64) -> Option<CellInfo> {
        let cell = self.at(offset)?;
        let mut regs = vec![0u64; self.plan.num_nodes()];
        let first_known = match cell {
            Cell::Padding(PaddingSource::TailAlignment) => self.num_levels(),
            _ => {
                let padding = self.decode(offset, &mut regs).err();
                match padding {
                    Some(PaddingSource::Tile { level }) => level,
                    _ => 0,
                }
            }
        };
        Some(self.info(offset, cell, &regs, first_known))
    }

    /// Full details of the element at `index` (dimension-number order).
    pub fn describe_index(&self, index: &[u64]) -> Option<CellInfo> {
        let offset = self.offset_of(index)?;
        let mut regs = vec![0u64; self.plan.num_nodes()];
        self.load_index(index, &mut regs);
        self.plan.forward(&mut regs);
        let cell = Cell::Element(self.row_major_id(index)?);
        Some(self.info(offset, cell, &regs, 0))
    }

    fn info(&self, offset: u64, cell: Cell, regs: &[u64], first_known: usize) -> CellInfo {
        let index = match cell {
            Cell::Element(id) => {
                let mut index = vec![0; self.dims.len()];
                self.unravel(id, &mut index);
                Some(index)
            }
            Cell::Padding(_) => None,
        };
        let levels = self
            .plan
            .levels
            .iter()
            .enumerate()
            .map(|(level, nodes)| {
                (level >= first_known).then(|| LevelCoords {
                    tile: nodes.outer.iter().map(|&n| regs[n]).collect(),
                    within: nodes.within.iter().map(|&n| regs[n]).collect(),
                })
            })
            .collect();
        CellInfo {
            offset,
            cell,
            index,
            levels,
        }
    }
}
