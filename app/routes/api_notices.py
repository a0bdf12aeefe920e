"""Notices over JSON: your feed, your webhooks and their delivery log, vacation, the dashboard."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request, Response

from app import dashboard
from app.deps import DB, UserCaller, WriterCaller
from app.errors import responses
from app.schemas import (
    DeliveryListOut,
    DeliveryOut,
    NoticeListOut,
    NoticeOut,
    VacationIn,
    VacationOut,
    WebhookCreatedOut,
    WebhookIn,
    WebhookOut,
)
from app.services import notices, timing, webhooks

router = APIRouter(prefix="/api", tags=["notices"])


def _base_url(request: Request) -> str:
    return request.app.state.ctx.base_url


BaseUrl = Annotated[str, Depends(_base_url)]


def webhook_out(h) -> WebhookOut:
    return WebhookOut(id=h.id, url=h.url, format=h.format, events=list(h.events or []), enabled=h.enabled,
                      created_at=h.created_at)


def delivery_out(d) -> DeliveryOut:
    return DeliveryOut(id=d.id, channel=d.channel, target=d.target, event=d.event, status=d.status,
                       attempts=d.attempts, next_attempt_at=d.next_attempt_at if d.status == "pending" else None,
                       last_status=d.last_status, last_error=d.last_error, created_at=d.created_at, sent_at=d.sent_at)


@router.get("/notices", response_model=NoticeListOut, summary="Your latest notices, newest first",
            responses=responses(401))
def list_notices(db: DB, caller: UserCaller, limit: int = Query(30, ge=1, le=200)) -> NoticeListOut:
    rows = notices.recent(db, caller.user, limit=limit)
    return NoticeListOut(notices=[NoticeOut(**{k: v for k, v in notices.notice_out(n).items() if k != "user_id"})
                                  for n in rows], unread=notices.unread_count(db, caller.user))


@router.post("/notices/read", status_code=204, summary="Mark your notices read (all, or up to `up_to`)",
             responses=responses(401, 403))
def read_notices(db: DB, caller: WriterCaller, up_to: int | None = Query(None, ge=1, le=2**63 - 1)) -> Response:
    notices.mark_read(db, caller.user, up_to)
    db.commit()
    return Response(status_code=204)


@router.get("/dashboard", summary="Your games the dashboard's way: your move (nearest deadline first), waiting, "
            "open invitations, recently finished", responses=responses(401))
def get_dashboard(db: DB, caller: UserCaller, base_url: BaseUrl) -> dict:
    board = dashboard.build(db, caller.user, base_url)
    dump = lambda rows: [g.model_dump(mode="json") for g in rows]  # noqa: E731
    return {"count": board.count, "unread": board.unread, "your_move": dump(board.your_move),
            "waiting": dump(board.waiting), "my_open": dump(board.my_open), "others_open": dump(board.others_open),
            "finished": dump(board.finished), "analysis": dump(board.analysis)}


@router.get("/webhooks", response_model=list[WebhookOut], summary="Your webhooks", responses=responses(401))
def list_webhooks(db: DB, caller: UserCaller) -> list[WebhookOut]:
    return [webhook_out(h) for h in webhooks.listed(db, caller.user)]


@router.post("/webhooks", response_model=WebhookCreatedOut, status_code=201, responses=responses(401, 403, 409, 422),
             summary="Add a webhook; the response holds its signing secret, shown only this once")
def create_webhook(body: WebhookIn, db: DB, caller: WriterCaller) -> WebhookCreatedOut:
    hook = webhooks.create(db, caller.user, body.url, body.format, body.events)
    db.commit()
    return WebhookCreatedOut(**webhook_out(hook).model_dump(), secret=hook.secret)


@router.delete("/webhooks/{webhook_id}", status_code=204, summary="Remove a webhook",
               responses=responses(401, 403, 404))
def delete_webhook(webhook_id: int, db: DB, caller: WriterCaller) -> Response:
    webhooks.delete(db, caller.user, webhook_id)
    db.commit()
    return Response(status_code=204)


@router.post("/webhooks/{webhook_id}/test", status_code=202, summary="Send a test notice to one webhook",
             responses=responses(401, 403, 404))
def test_webhook(webhook_id: int, db: DB, caller: WriterCaller) -> dict:
    webhooks.send_test(db, caller.user, webhook_id)
    db.commit()
    return {"queued": True}


@router.get("/deliveries", response_model=DeliveryListOut, responses=responses(401, 404),
            summary="The delivery log of your emails and webhooks, newest first")
def deliveries(db: DB, caller: UserCaller, webhook_id: int | None = Query(None, ge=1, le=2**31 - 1),
               limit: int = Query(50, ge=1, le=500)) -> DeliveryListOut:
    if webhook_id is not None:
        webhooks.owned(db, caller.user, webhook_id)
    return DeliveryListOut(deliveries=[delivery_out(d) for d in
                                       webhooks.delivery_log(db, caller.user, webhook_id=webhook_id, limit=limit)])


@router.post("/me/vacation", response_model=VacationOut, responses=responses(401, 403, 422),
             summary="Go on vacation in all your correspondence games (as far as each game's allowance lasts)")
def take_vacation(body: VacationIn, db: DB, caller: WriterCaller) -> VacationOut:
    taken = timing.take_vacation(db, caller.user, body.days)
    db.commit()
    return VacationOut(games=len(taken), until=timing.vacation_until(db, caller.user))


@router.delete("/me/vacation", response_model=VacationOut, responses=responses(401, 403),
               summary="End your vacation now; the unused days go back to each game's allowance")
def end_vacation(db: DB, caller: WriterCaller) -> VacationOut:
    ended = timing.end_vacation(db, caller.user)
    db.commit()
    return VacationOut(games=ended, until=None)
