//! Where a shape was written: the [`Role`] every find has.

use serde::Serialize;

/// Where a shape was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The result of an HLO instruction (`%x = f32[2]{0} add(...)`).
    Result,
    /// Operand *k* of an instruction, written with its shape.
    Operand,
    /// A parameter in a computation's signature (`%f (p: f32[2]) -> ...`).
    Parameter,
    /// The result type in a computation's signature (`... -> f32[2] {`).
    ComputationResult,
    /// Parameter *k* of the module's `entry_computation_layout`.
    EntryParameter,
    /// The result of the module's `entry_computation_layout`.
    EntryResult,
    /// The `Shape:` of an allocation in a memory report.
    Allocation,
    /// Any other shape: free text, or inside an instruction's attributes.
    Text,
}

impl Role {
    /// The name used in JSON and tables.
    pub fn name(self) -> &'static str {
        match self {
            Role::Result => "result",
            Role::Operand => "operand",
            Role::Parameter => "parameter",
            Role::ComputationResult => "computation_result",
            Role::EntryParameter => "entry_parameter",
            Role::EntryResult => "entry_result",
            Role::Allocation => "allocation",
            Role::Text => "text",
        }
    }
}
