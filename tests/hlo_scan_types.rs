//! Every element type, in every place the scanner finds shapes. The
//! longest name, `f8e4m3b11fnuz` (13 bytes), was once never found: the
//! scanner's lookup stopped at 12 bytes.

use xla_layout_viz::core::element_type::ElementType;
use xla_layout_viz::core::hlo::scan;

#[test]
fn every_element_type_in_every_place() {
    for t in ElementType::ALL {
        let n = t.name();
        let text = format!(
            "HloModule m, entry_computation_layout={{({n}[2]{{0}})->{n}[2]{{0}}}}\n\
             %f (p: {n}[2]) -> {n}[2] {{\n\
             \x20 ROOT %x = {n}[2]{{0}} negate({n}[2]{{0}} %p), metadata={{op_name=\"{n}\"}}\n\
             }}\n\
             note: the {n}[3] array and {n}[1]{{1,0}}: here\n\
             Total hbm usage >= 1.0K:\n\
             \x20 1. Size: 8B\n\
             \x20    Shape: {n}[4]{{0}}\n"
        );
        let got: Vec<(&str, &str)> = scan(&text)
            .iter()
            .map(|f| (f.role.name(), &text[f.span().range()]))
            .collect();
        let (a2, a3, a4) = (format!("{n}[2]"), format!("{n}[3]"), format!("{n}[4]{{0}}"));
        let l2 = format!("{n}[2]{{0}}");
        let l1 = format!("{n}[1]{{1,0}}");
        let want: Vec<(&str, &str)> = vec![
            ("entry_parameter", &l2),
            ("entry_result", &l2),
            ("parameter", &a2),
            ("computation_result", &a2),
            ("result", &l2),
            ("operand", &l2),
            ("text", &a3),
            ("text", &l1),
            ("allocation", &a4),
        ];
        assert_eq!(got, want, "{n}");
    }
}
