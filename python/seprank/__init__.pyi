# Type stubs of the package seprank (python/seprank/__init__.py): the public API.
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

import numpy as np

__version__: str
STATUS_NAMES: tuple[str, ...]
REGIME_NAMES: tuple[str, ...]
STATEMENTS: tuple[str, ...]

class ResourceLimit(RuntimeError):
    estimate: str
    def __init__(self, estimate: str) -> None: ...

class Value:
    name: str
    text: str
    value: Any

class Step:
    number: int
    id: str
    title: str
    status: str
    claim: str
    values: List[Value]
    check: str
    rests_on: List[str]
    markdown: str
    def value(self, name: str) -> Any: ...
    def _repr_markdown_(self) -> str: ...

class Finding:
    id: str
    statement: str
    status: str
    evidence: str
    log3_bound: Optional[float]
    holds_from_N: Optional[int]
    certainty: str
    rests_on: List[str]

class Derivation:
    title: str
    config: Dict[str, Any]
    steps: List[Step]
    results: Dict[str, Any]
    findings: List[Finding]
    tables: List[Dict[str, Any]]
    @property
    def exit_status(self) -> int: ...
    def step(self, id: str) -> Step: ...
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def summary(self) -> Derivation: ...
    def to_markdown(self) -> str: ...
    def to_latex(self, fragment: bool = ...) -> str: ...
    def table(self, index: int = ...) -> Dict[str, np.ndarray]: ...
    def to_dataframe(self, index: int = ...) -> Any: ...
    def to_csv(self, path: Optional[str] = ..., index: int = ...) -> str: ...
    def _repr_markdown_(self) -> str: ...
    def _repr_latex_(self) -> str: ...

def derive(L: int = ..., dx: int = ..., H: int = ..., N: int = ..., position: int = ..., entry: int = ...,
           seed: int = ..., residual: bool = ..., *, weights: str = ..., weight_range: int = ...,
           partition: str = ..., structure_only: bool = ..., print_polynomial: bool = ..., basis: bool = ...,
           basis_limit: int = ..., kernel: bool = ..., kernel_limit: int = ..., seeds: int = ...,
           all_partitions: bool = ..., certificate: str = ..., timings: bool = ..., store: str = ...,
           verify: int = ..., max_terms: int = ...,
           max_memory: int = ..., time_limit: float = ..., max_g_terms: int = ..., max_symbolic_terms: int = ...,
           max_grid_points: int = ..., max_gram_terms: int = ..., max_dense_entries: int = ...,
           max_exact_entries: int = ..., threads: Optional[int] = ...,
           progress: Optional[Callable[[str], None]] = ...) -> Derivation: ...
def audit(L: Union[int, Sequence[int], range] = ..., dx: Union[int, Sequence[int], range] = ...,
          H: int = ...) -> Dict[str, Any]: ...
def bounds(L: Union[int, Sequence[int]] = ..., dx: Union[int, Sequence[int]] = ...,
           H: int = ...) -> Union[Dict[str, Any], Dict[str, np.ndarray]]: ...
def corollary1(L: int = ..., dx: int = ..., H: int = ..., shallow: Sequence[int] = ...) -> Derivation: ...
def corollary2(L: int = ..., dx: int = ..., H: int = ..., max_beta2: int = ...) -> Derivation: ...
def sweep(dx: Union[str, Sequence[int]] = ..., L: Union[str, Sequence[int]] = ..., H: Union[str, Sequence[int]] = ...,
          N: int = ..., progress: Optional[Callable[[str], None]] = ..., **options: Any) -> Derivation: ...

class Network:
    L: int
    dx: int
    H: int
    residual: bool
    weights: List[List[Dict[str, np.ndarray]]]
    def __init__(self, L: int = ..., dx: int = ..., H: int = ..., seed: int = ..., weights: Optional[list] = ...,
                 residual: bool = ..., weight_range: int = ...) -> None: ...
    def forward(self, x: Any) -> np.ndarray: ...
    def gram_rank(self, **options: Any) -> Dict[str, Any]: ...
    def separation_rank(self, N: int = ..., partition: Optional[str] = ..., **options: Any) -> Dict[str, Any]: ...
    def certificate(self, path: str, N: int = ..., **options: Any) -> Derivation: ...
