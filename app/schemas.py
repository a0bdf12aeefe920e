"""Request and response bodies of the JSON API (they are also its OpenAPI documentation)."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

Side = Literal["axis", "soviet"]
Scenario = Literal["campaign", "tournament"]
Status = Literal["open", "active", "finished", "aborted"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerOut(BaseModel):
    id: int
    username: str
    is_bot: bool = Field(default=False, description="a computer opponent (docs/server.md, Playing against the computer)")


class ResultOut(BaseModel):
    winner: Side | None = Field(description="None when the game was aborted")
    reason: str


class UndoOut(BaseModel):
    side: Side | None = Field(description="the side that may take back its latest actions now, if any")
    count: int = Field(description="how many actions that side may still take back")
    blocked: str | None = Field(description="why the latest action cannot be taken back (a die, a card drawn ...)")


class GameOut(BaseModel):
    id: int
    scenario: Scenario
    options: dict[str, Any]
    status: Status
    private: bool
    players: dict[str, PlayerOut | None] = Field(description='{"axis": ..., "soviet": ...}; null = free seat')
    seq: int = Field(description="number of actions applied so far; echo it when submitting an action")
    active_sides: list[Side]
    result: ResultOut | None
    summary: dict[str, Any] = Field(description="public facts for lists (turn, phase, VP) when the engine shows them")
    your_side: Side | None = Field(description="the caller's seat, if any")
    invite_url: str | None = Field(default=None, description="private games, shown to their players only")
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    seed_commitment: str | None = Field(
        default=None, description="sha256 hex of `seed_reveal`, published when the game starts (verifiable dice)")
    seed_reveal: str | None = Field(
        default=None, description="`swo-seed-v1:<seed>:<salt>`, published only once the game has ended")
    rated: bool = Field(default=True, description="counts for the ratings (never for analysis or bot games)")
    analysis: bool = Field(default=False, description="an analysis game: one user plays both sides, unrated")
    imported_from: dict[str, Any] | None = Field(default=None, description="the record an analysis game came from")
    time_control: dict[str, Any] = Field(
        default_factory=lambda: {"kind": "none"},
        description='{"kind": "live", "minutes", "increment"} | {"kind": "correspondence", "days", "vacation_days"} '
                    '| {"kind": "none"}')
    clock: dict[str, Any] | None = Field(
        default=None, description="the clocks now: `remaining` seconds and `deadline` per side, `running` sides, "
        "`timed_out` sides, `paused`; correspondence also vacation (see docs/server.md, Time control)")
    updated_at: datetime | None = Field(default=None, description="the last change: an action, an undo, the end")
    undo: UndoOut | None = Field(default=None, description="games in progress: who may take back what (see Undo)")
    bidding: dict[str, Any] | None = Field(default=None, description=(
        'sides by sealed bidding (21.0): {"open": true} while waiting for the joiner\'s bid; then the outcome '
        '{"contested", "bids": [{user, side, rp?}], "tie", "coin", "winner", "side", "rp", "text"} (amounts only '
        'when both wanted the same side)'))


class GameListOut(BaseModel):
    games: list[GameOut]


class CreateGameIn(Strict):
    scenario: Scenario = "campaign"
    side: Literal["axis", "soviet", "random"] = "random"
    options: dict[str, Any] = Field(default_factory=dict, description="engine options, see engine/README.md")
    private: bool = False
    time_control: dict[str, Any] | None = Field(
        default=None, description='{"kind": "live", "minutes": 15|30|60|90|120|180|240|360, "increment": '
        '0|10|30|60|120} or {"kind": "correspondence", "days": 1|3|7|14, "vacation_days": 0|7|14|21|30}; '
        'default 3 days a move with 14 days of vacation')
    rated: bool = Field(default=True, description="counts for the ratings (bot and analysis games never do)")
    bid: StrictInt | None = Field(default=None, ge=0, le=30, description=(
        "sides by sealed bidding (21.0): the automatic RPs you would give the other side to play `side` "
        "(axis or soviet). Kept secret; opened only if the joiner wants the same side"))


class JoinIn(Strict):
    side: Side | None = Field(default=None, description="in a game with sides by bidding: the side you want")
    bid: StrictInt | None = Field(default=None, ge=0, le=30,
                                  description="in a game with sides by bidding: your sealed bid in automatic RPs")


class ComputerGameIn(Strict):
    scenario: Scenario = "campaign"
    side: Literal["axis", "soviet", "random"] = Field(default="random", description="your side; the bot takes the other")
    level: str = Field(default="fast", max_length=16, description="the bot's level: `fast` or `search`")
    options: dict[str, Any] = Field(default_factory=dict, description="engine options, see engine/README.md")
    private: bool = False


class ExtendIn(Strict):
    minutes: StrictInt = Field(ge=1, le=14 * 24 * 60, description="more time for the side out of time")


class VacationIn(Strict):
    days: StrictInt = Field(ge=1, le=60)


class VacationOut(BaseModel):
    games: int = Field(description="in how many correspondence games the vacation applies")
    until: datetime | None


class NoticeOut(BaseModel):
    id: int
    kind: str
    text: str
    game_id: int | None
    path: str | None
    created_at: datetime
    read: bool


class NoticeListOut(BaseModel):
    notices: list[NoticeOut]
    unread: int


class WebhookIn(Strict):
    url: str = Field(min_length=8, max_length=2000)
    format: Literal["json", "discord", "slack"] = "json"
    events: list[str] | None = Field(default=None, description="notice kinds to send; default: all but test")


class WebhookOut(BaseModel):
    id: int
    url: str
    format: str
    events: list[str]
    enabled: bool
    created_at: datetime


class WebhookCreatedOut(WebhookOut):
    secret: str = Field(description="the signing secret: shown this once")


class DeliveryOut(BaseModel):
    id: int
    channel: str
    target: str
    event: str
    status: Literal["pending", "sent", "failed"]
    attempts: int
    next_attempt_at: datetime | None
    last_status: int | None
    last_error: str | None
    created_at: datetime
    sent_at: datetime | None


class DeliveryListOut(BaseModel):
    deliveries: list[DeliveryOut]


class LogEntryOut(BaseModel):
    id: int
    seq: int
    to: Side | None = Field(description="null = public; else only that side sees it")
    text: str
    entry: dict[str, Any]
    undone: bool = Field(default=False, description="its action was taken back (undo)")


class ViewOut(BaseModel):
    game: GameOut
    seq: int
    seat: Side | None = Field(description="whose view this is; null = spectator")
    view: dict[str, Any] | None = Field(description="the engine's redacted view; null before the game starts")
    actions: list[dict[str, Any]] = Field(description="legal actions, when the caller must act now "
                                          "(unit moves are in action_groups)")
    action_groups: list[dict[str, Any]] = Field(
        default_factory=list,
        description="the legal unit moves (move, rail, sea, exploit), grouped by unit and destination: each group "
        "stands for one action per unit in `units` and hex in `to` (less the unit's `skip` hexes), with `mp` or "
        "`hexes` per destination when present; see docs/server.md")


class UndoIn(Strict):
    seq: int = Field(ge=0, description="the game's current seq, as last seen")


class SeenIn(Strict):
    seq: StrictInt = Field(ge=0, le=2**31 - 1, description="the seq the page has shown to its user")


class SeenOut(BaseModel):
    seq: int = Field(description="the last seq seen, as stored (it never moves back)")


class HistoryOut(BaseModel):
    seq: int = Field(description="the position shown: after the action with this seq (0: the start)")
    last_seq: int = Field(description="the game's current seq")
    view: dict[str, Any] = Field(description="the view the caller was entitled to at that seq; after the game "
                                            "ended, the full view with both hands (`hands`)")
    log: list[LogEntryOut] = Field(description="the log entries of that seq the caller may read")
    action: dict[str, Any] | None = Field(description="the action of that seq: {seq, side, type, undoes, undone_by}")


class ActionIn(Strict):
    seq: StrictInt = Field(ge=0, le=2**31 - 1, description="the game's current seq, as last seen (an integer, not a string)")
    action: dict[str, Any] = Field(description="one of the legal actions, as listed")


class ActionOut(ViewOut):
    log: list[LogEntryOut] = Field(description="log entries the action produced that the caller may see")


class LogOut(BaseModel):
    entries: list[LogEntryOut]


class ChatIn(Strict):
    text: str = Field(min_length=1, max_length=2000)


class ChatOut(BaseModel):
    id: int
    user: str
    text: str
    created_at: datetime


class ChatListOut(BaseModel):
    messages: list[ChatOut]


class NotesIn(Strict):
    text: str = Field(max_length=20000)


class NotesOut(BaseModel):
    text: str
    updated_at: datetime | None


class MeOut(BaseModel):
    id: int
    username: str
    is_admin: bool


class SessionOut(BaseModel):
    user: MeOut
    csrf_token: str = Field(description="send as X-CSRF-Token on cookie-authenticated writes")


class TokenIn(Strict):
    name: str = Field(min_length=1, max_length=100)


class TokenOut(BaseModel):
    id: int
    name: str
    prefix: str
    created_at: datetime
    last_used_at: datetime | None


class TokenCreatedOut(TokenOut):
    token: str = Field(description="the secret: shown this once, never again")


class TokenListOut(BaseModel):
    tokens: list[TokenOut]


class SignUpIn(Strict):
    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)
    email: str | None = Field(default=None, max_length=254)


class SignInIn(Strict):
    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class BanIn(Strict):
    reason: str = Field(default="", max_length=500)


class AbortIn(Strict):
    reason: str = Field(default="", max_length=500)


class AdminViewOut(BaseModel):
    admin_view: Literal[True] = Field(default=True, description="full information: never shown to players")
    game: GameOut
    seq: int
    views: dict[str, dict[str, Any] | None] = Field(description='{"axis", "soviet", "spectator"}')
    actions: dict[str, list[dict[str, Any]]]
    log: list[LogEntryOut]


class UserAdminOut(BaseModel):
    id: int
    username: str
    is_admin: bool
    is_bot: bool = False
    banned: bool
    ban_reason: str | None
    created_at: datetime


class AuditOut(BaseModel):
    id: int
    admin: str
    action: str
    target_type: str
    target_id: str
    details: dict[str, Any]
    created_at: datetime


class AuditListOut(BaseModel):
    entries: list[AuditOut]


class RecordedActionOut(BaseModel):
    seq: int
    side: str = Field(description='"axis", "soviet", or "admin" for a rewind')
    action: dict[str, Any]
    label: str
    undoes: int | None = Field(description="an undo: the seq it took back; a rewind: the seq it went back to")
    undone_by: int | None = Field(description="the undo or rewind that took this action back")
    created_at: datetime


class InspectOut(BaseModel):
    admin_view: Literal[True] = Field(default=True, description="full information: never shown to players")
    game: GameOut
    seq: int = Field(description="the position shown: after the action with this seq (0: the start)")
    last_seq: int
    full_view: dict[str, Any] = Field(description="the spectators' view plus both hands (`hands`)")
    views: dict[str, dict[str, Any]] = Field(description='each side\'s own view at that seq: {"axis", "soviet"}')
    log: list[LogEntryOut] = Field(description="every log entry of that seq, private ones included")
    actions: list[RecordedActionOut] = Field(description="the whole action log, undone actions and undo/rewind rows "
                                                         "included")
    rewind_targets: list[int] = Field(description="the seqs the game may be rewound to now (empty unless active)")


class RewindIn(Strict):
    seq: StrictInt = Field(ge=0, le=2**31 - 1, description="go back to the position after this seq")
    reason: str = Field(min_length=1, max_length=500, description="told to both players and kept in the audit log")


class RewindOut(BaseModel):
    game: GameOut
    seq: int = Field(description="the game's new seq (the rewind is an entry of the log of its own)")
    to: int
    taken_back: list[int] = Field(description="the seqs of the actions taken back (kept in the record, undone)")


class ReassignIn(Strict):
    side: Side
    username: str = Field(min_length=1, max_length=64)
    reason: str = Field(default="", max_length=500)


class StaleOut(BaseModel):
    game: GameOut
    last_move_at: datetime
    idle_days: float


class StaleListOut(BaseModel):
    days: int
    games: list[StaleOut]


class ResetLinkOut(BaseModel):
    user: UserAdminOut
    url: str = Field(description="the one-time link to give the user (shown only now)")
    expires_at: datetime


class PasswordResetIn(Strict):
    token: str = Field(min_length=1, max_length=200)
    password: str = Field(min_length=1, max_length=1024)


class StandingOut(BaseModel):
    rank: int
    user_id: int
    username: str
    rating: float
    rd: float = Field(description="rating deviation: the rating is known within about ±2 RD")
    games: int
    wins: int
    losses: int


class LeaderboardOut(BaseModel):
    pool: Literal["overall", "axis", "soviet"]
    players: list[StandingOut]


class RatingChangeOut(BaseModel):
    game_id: int | None = Field(description="null for a private game the caller may not see")
    pool: Literal["overall", "axis", "soviet"]
    side: Side
    opponent: str | None = Field(description="null for a private game the caller may not see")
    score: float = Field(description="1 won, 0 lost")
    rating_before: float
    rating_after: float
    rd_after: float
    at: datetime


class PlayerRatingsOut(BaseModel):
    id: int
    username: str
    rank: int | None = Field(description="place on the overall leaderboard (None: no rated game yet)")
    ratings: dict[str, dict[str, Any] | None] = Field(
        description='{"overall", "axis", "soviet"}: {rating, rd, volatility, games, wins, losses}, or null before '
                    'the first rated game in that pool')
    history: list[RatingChangeOut]
