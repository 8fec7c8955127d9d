from typing import Any, Dict, List, Optional, Sequence, Tuple

__version__: str

class LayoutError(ValueError):
    """Bad shape text: `str(e)` is the text, a caret line and the reason."""

    span: Optional[Tuple[int, int]]
    """(start, end) in characters of `text`; None when no place is known."""
    reason: str
    text: str

class Shape:
    """A parsed, validated shape. Array figures are None for tuples,
    tokens and opaques (use `.leaves`)."""

    @property
    def canonical(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def path(self) -> Tuple[int, ...]: ...
    @property
    def dims(self) -> Optional[List[Optional[int]]]: ...
    @property
    def dtype(self) -> Optional[str]: ...
    @property
    def elements(self) -> Optional[int]: ...
    @property
    def bytes_data(self) -> Optional[int]: ...
    @property
    def bytes_footprint(self) -> Optional[int]: ...
    @property
    def bytes_xla(self) -> Optional[int]: ...
    @property
    def expansion(self) -> Optional[float]: ...
    @property
    def leaves(self) -> List["Shape"]: ...
    def info_json(self) -> str: ...
    def offset_of(self, index: Sequence[int]) -> int:
        """Linear offset (in elements) of the element at `index`; raises
        IndexError outside the array, LayoutError for a tuple or an
        unbounded array."""
    def index_at(self, offset: int) -> Optional[Tuple[int, ...]]:
        """Index of the element at `offset`; None for padding; IndexError
        past the footprint."""
    def _repr_svg_(self) -> Optional[str]:
        """The figure `xla-layout svg` draws with its defaults; None for a
        tuple, token or an array that cannot be laid out."""
    def _repr_html_(self) -> str:
        """Each array leaf's escaped text and its inline figure."""

class ScanResult(List[Dict[str, Any]]):
    """The records of `scan` (each one line of `xla-layout scan --json`);
    a table in notebooks, largest waste first."""

    def by_waste(self) -> List[Dict[str, Any]]: ...
    def to_pandas(self) -> Any: ...
    def _repr_html_(self) -> str: ...

def parse(text: str) -> Shape: ...
def explain(text: str, at: Optional[Sequence[int]] = None, suggest: bool = False) -> Dict[str, Any]: ...
def compare(a: str, b: str) -> Dict[str, Any]: ...
def info(text: str) -> Dict[str, Any]: ...
def from_jax(x: Any, shape: Optional[Sequence[int]] = None, dtype: Any = None) -> str: ...
def scan(source: Any) -> ScanResult: ...
def svg(
    text: str,
    view: str = "both",
    labels: str = "auto",
    width: float = 1200,
    theme: str = "light",
    colours: str = "offset",
) -> str: ...
