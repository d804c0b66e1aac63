"""The play screen: the table frame every game sits in, drawn from a ``Session``.

Only drawing here (the session, ``bodoge.ui.session``, holds the game and what the player is
doing): a header with the tools, the prompt region (with a reserved line for a refusal), the
stage the board fills (the result and round overlays cover it), and the log: a side panel on
wide screens, a drawer over the stage on phones. The page never scrolls (web/css/base.css).
What a game draws into it is its ``GameUI`` (``bodoge.ui.games``); a lesson adds its bar and
highlights (``bodoge.ui.lesson``), a guest's device its words (``bodoge.ui.table``), a
replay draws the same frame (``bodoge.ui.replay``).
"""

from .games import game_name, placings
from .html import Kept, Memo, Node, freeze, h
from .phrases import phrased

LOG_LIMIT = 200        # the play screen's log shows this many lines (the newest)


def view_action(s, action, arg, overlay_focus):
    """The screen's own actions, on a session or a replay (what is shown, never the game): the
    log drawer, the overlay put away or back (``overlay_focus``: where focus goes then), a
    result's part, the Share and Rules dialogs."""
    app = s.app
    if action == "log":
        s.log_open = arg == "open"
        app.focus_next = "log-close" if s.log_open else "open-log"
    elif action == "overlay":
        s.overlay_hidden = arg == "hide"
        app.focus_next = "show-overlay" if s.overlay_hidden else overlay_focus
    elif action == "result-part":
        s.result_pick = int(arg) if arg == "-1" or (arg.isascii() and arg.isdigit()) else None
    elif action in ("share", "rules"):
        s.dialog = action
        app.focus_next = "dialog-close"
    elif action == "close-dialog":
        s.dialog = None
        app.focus_next = f"open-{arg}" if arg else "prompt"
    app.refresh()


def escape(s, key):
    """Escape closes a dialog, else the log drawer (whether it did)."""
    if key == "Escape" and s.dialog:
        view_action(s, "close-dialog", s.dialog, None)
        return True
    if key == "Escape" and s.log_open:
        view_action(s, "log", "close", None)
        return True
    return False


HEADS = Memo(64)        # the play screen's header: the same on every move of a game


def head(s):
    """The header of session ``s``'s screen, made once per language, game, replay link and
    log state (a table of several devices has a tool of its own that changes: made each time)."""
    log = s.handover is None
    if s.table is not None:
        return render_head(s, replay_tool(s), log=log)
    href = replay_href(s) if s.slot is not None else None
    key = (s.app.i18n.lang, s.game.id, href, log, s.log_open)
    return HEADS(key, lambda: render_head(s, replay_tool(s), log=log))


def render(s):
    """The whole screen of session ``s``."""
    t = s.t
    parts = [head(s), banner(s),
             s.table.banner() if s.table is not None else None]
    if s.handover is not None and s.clock is None:
        parts.append(render_handover(s, s.names()[s.handover]))
    else:
        parts.append(render_game(s))
    parts.append(render_dialog(s))
    if s.clock is not None:
        s.clock.drawn()
    return h("main", {"class_": "screen play-screen", "data_game": s.game.id,
                      "data_log": "open" if s.log_open else None}, parts)


def render_dialog(s):
    t = s.t
    if s.dialog == "share":
        return render_share(s)
    if s.dialog == "rules":
        return dialog(t("play.rules"), s.gui.rules(t), t, "rules")
    if s.dialog == "table" and s.table is not None:
        return dialog(t("net.table"), s.table.render(), t, "table")
    return None


def render_head(s, way, log=True):
    """The compact header: the game's name and the tools (on phones, icons); ``way``: the
    tool to the replay, or back to the game from it (or None)."""
    t = s.t
    lang = s.app.i18n.lang
    other = "en" if lang == "ja" else "ja"
    tools = h("nav", {"class_": "tools", "aria_label": t("play.tools")},
              tool("button", "open-share", "share", t("play.share"), {"data_act": "share"}),
              tool("button", "open-rules", "rules", t("play.rules"), {"data_act": "rules"}),
              s.table.tool() if getattr(s, "table", None) is not None else None,
              tool("button", "open-log", "log", t("play.log"),
                   {"data_act": "log", "data_arg": "close" if s.log_open else "open",
                    "aria_controls": "log", "aria_expanded": str(s.log_open).lower(),
                    "class_": "tool log-tool"}) if log else None,
              way,
              tool("a", "go-shelf", "shelf", t("play.shelf"), {"href": "#/"}),
              h("button", {"type": "button", "class_": "tool lang-tool", "id": "lang-switch",
                           "data_act": "lang", "data_arg": other, "lang": other},
                h("span", {"class_": "tool-short", "aria_hidden": "true"},
                  "A" if other == "en" else "あ"),
                h("span", {"class_": "tool-text"}, t("play.language"))))
    return h("header", {"class_": "play-head"},
             h("h1", {"id": "main-heading", "tabindex": "-1"}, game_name(s.app.i18n, s.game.id)), tools)


def replay_tool(s):
    """The header's way to the replay (a saved game's, from its first move to now; a game
    not in the store, such as an opened code nobody has played on, by its code)."""
    if s.slot is None:
        return None
    return tool("a", "open-replay", "replay", s.t("play.replay"), {"href": replay_href(s)})


def replay_href(s, move=None):
    """This game's replay (at its end, or at ``move``): by the save's id, or by its code for
    a game not in the store (an opened code nobody has played on, a game the browser would
    not store)."""
    tail = "" if move is None else f"/{move}"
    if s.slot is not None and s.slot.stored:
        return f"#/replay/{s.slot.id}" + tail
    return f"#replay={s.match.code()}" + ("" if move is None else f"&move={move}")


def share_link(s):
    return f"{s.app.host.base_url()}#load={s.match.code()}"


def replay_link(s, move=None):
    """A link that opens this game's replay (at its end, or at ``move``), for anyone to watch:
    while the game is in progress it holds what spectators saw, nothing hidden
    (``core.public.share_code``)."""
    from ..core.public import share_code

    tail = "" if move is None else f"&move={move}"
    return f"{s.app.host.base_url()}#replay={share_code(s.match)}{tail}"


def banner(s):
    """What the player must know about saving this game, above the board."""
    said = s.saver.banner() if s.saver is not None else None
    if said is None:
        return None
    t = s.t
    kind, what = said
    if what == "conflict":
        buttons = [h("button", {"type": "button", "class_": "button", "data_act": "keep-here"},
                     t("saves.keep_separate"))]
        if s.conflict == "newer":
            buttons.insert(0, h("button", {"type": "button", "class_": "button primary",
                                           "data_act": "load-newer"}, t("saves.load_newer")))
        return notice(kind, t(f"saves.conflict.{s.conflict}"), buttons)
    if what == "unsaved":
        return notice(kind, t(f"saves.unsaved.{s.unsaved}"), [
            h("button", {"type": "button", "class_": "button", "data_act": "copy",
                         "data_arg": "code"}, t("share.copy_code")),
            h("button", {"type": "button", "class_": "button", "data_act": "unsaved-ok"},
              t("saves.understood"))])
    text = [h("span", {"class_": "long"}, t("saves.link")),      # a phone: one line
            h("span", {"class_": "short", "aria_hidden": "true"}, t("saves.link_short"))]
    return notice(kind, text, [h("button", {"type": "button", "class_": "button",
                                            "data_act": "keep-here"}, t("saves.keep"))])


def notice(kind, text, buttons):
    return h("div", {"class_": f"notice {kind} save-banner", "id": "save-banner",
                     "tabindex": "-1", "role": "alert" if kind == "error" else "status"},
             h("p", {}, text), h("p", {"class_": "actions"}, buttons))


def render_handover(s, name):
    t = s.t
    box = h("section", {"class_": "handover", "role": "dialog", "aria_modal": "true",
                        "aria_labelledby": "handover-title"},
            h("h2", {"id": "handover-title"}, t("handover.title", name=name)),
            h("p", {}, t("handover.body")),
            h("button", {"type": "button", "class_": "button primary", "id": "handover-ok",
                         "data_act": "handover-ok"}, t("handover.ok", name=name)))
    return frame(s, [h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"},
                       t("handover.title", name=name))],
                 h("div", {"class_": "stage"}, box), None)


def render_game(s):
    view = s.match.view(s.viewer)
    ctx = s.ctx(s.viewer)
    ctx.fresh_from, s.fresh_from = s.fresh_from, None   # animate a move only once
    s.drawn_fresh = ctx.fresh_from
    ctx.pause = s.pause
    ctx.earlier = s.earlier
    overlay_ = render_overlay(s, view, ctx)
    # behind the round summary the next round may already be dealt: nothing there can be
    # clicked, focused or read until the player goes on; behind the result, nothing until the
    # player puts it away to look at the table
    inert = s.pause is not None or overlay_ is not None
    board = draw_board(s, view, ctx)
    if s.script is not None:
        board = s.script.mark(board)
    stage = h("div", {"class_": "stage"},
              h("h2", {"class_": "offscreen"}, s.t("play.table")),   # the board's own headings are h3
              h("div", {"class_": "board-wrap", "inert": inert}, board),
              overlay_)
    prompt = prompt_region(s, view, ctx)
    back = overlay_back(s) or confirm_buttons(s) or takeback_button(s)
    if back:
        prompt = h("div", {"class_": "prompt-row"}, prompt, h("div", {"class_": "prompt-actions"}, back))
    return frame(s, prompt, stage, render_log(s, view, ctx))


def draw_board(s, view, ctx):
    """The game's board. The move that ends a round or the game is drawn with its summary or
    result held for a frame (``Session.hold_overlay``), and the redraw that brings the overlay
    in draws the same board: that board is kept (its markup made once) and reused while the
    game, the viewer, the choice in progress and the language are the same objects; its
    motion goes on under the overlay. Not in a lesson
    (its highlights follow its steps) or a real-time game (its clock redraws the table)."""
    key = (s.match.state, s.viewer, s.sel, s.pending, s.pause, s.app.i18n.lang)
    held, s.held_board = s.held_board, None
    if held is not None and all(a is b for a, b in zip(held[0], key)):
        board = held[1]
    else:
        board = s.gui.board(view, s.sel, ctx)
    if s.overlay_held and s.script is None and s.clock is None:
        if type(board) is Node:
            board = Kept(board)
        s.held_board = (key, board)
    return board


def frame(s, prompt, stage, log, reserve=True):
    """The table frame: the prompt region (with the reserved line for a refusal, unless not
    ``reserve``), the stage and the log."""
    return h("div", {"class_": "table-frame"},
             h("div", {"class_": "prompt-bar", "data_region": "prompt"},
               prompt, h("div", {"class_": "error-slot"},
                         h("p", {"class_": "error", "role": "alert"},
                           phrased_text(s, s.error) if s.error else ""))
               if reserve else None),
             stage, log)


def prompt_region(s, view, ctx):
    """What the prompt region says: the lesson's step, a real-time game's own status (it has
    no turns), or what the person to move is to do, or whom the table waits for."""
    t = s.t
    if s.script is not None:
        return s.script.prompt(view, ctx)
    if s.clock is not None:
        return s.gui.prompt(view, s.sel, ctx)
    if s.guest and s.match.waiting and not s.match.over:
        prompt = t("net.sending")
    elif s.match.over:
        prompt = t("play.over")
    elif s.conflict is not None:
        prompt = t("saves.stopped")
    elif s.pause is not None:
        prompt = t("play.round_over")
    elif s.viewer is not None and s.viewer in s.match.to_move():
        prompt = s.gui.prompt(view, s.sel, ctx)
    else:
        who = s.match.to_move()
        prompt = t("play.waiting", name=ctx.name(who[0])) if who else ""
        if who and s.table is not None:
            prompt = s.table.waiting(who, ctx) or prompt
    return h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, phrased_text(s, prompt))


def phrased_text(s, text):
    """A prompt's words (a string) as a ``.phrased`` span in Japanese: broken between phrases
    only, in every browser (「あな/た」 broke inside in a phone's prompt); anything else as
    it is."""
    if isinstance(text, str) and s.app.i18n.lang == "ja":
        return h("span", {"class_": "phrased"}, log_text(s, text))
    return text


def overlay_back(s):
    """Beside the prompt while an overlay is put away: the way back to it (and Next round)."""
    if not s.overlay_hidden:
        return None
    if s.match.over:
        return [back_button(s, "play.overlay_back_result")]
    if s.pause is not None:
        return [back_button(s, "play.overlay_back_round"), next_round_button(s)]
    return None


def next_round_button(s):
    """Next round; at a table of several devices, once pressed, who it waits for (and the
    host's Start anyway: ``bodoge.ui.table``)."""
    table = getattr(s, "table", None)           # (a replay has none)
    waiting = table.round_button() if table is not None else None
    if waiting is not None:
        return waiting
    return h("button", {"type": "button", "class_": "button primary", "id": "next-round",
                        "data_act": "next-round"}, s.t("play.next_round"))


def confirm_buttons(s):
    """While a move waits for Confirm: Confirm and Cancel (where Take back is), and how."""
    if s.pending is None:
        return None
    t = s.t
    return [h("button", {"type": "button", "class_": "button primary", "id": "pending-confirm",
                         "data_act": "confirm-move", "aria_describedby": "confirm-how"},
              t("confirm.button")),
            h("button", {"type": "button", "class_": "button", "id": "pending-cancel",
                         "data_act": "confirm-cancel", "aria_keyshortcuts": "Escape"},
              t("confirm.cancel")),
            h("span", {"class_": "offscreen", "id": "confirm-how"}, t("confirm.how"))]


def back_button(s, key):
    return h("button", {"type": "button", "class_": "button", "id": "show-overlay",
                        "data_act": "overlay", "data_arg": "show"}, s.t(key))


def takeback_button(s):
    """The Take back button beside the prompt (disabled, saying why, when not allowed)."""
    status = s.takeback_status()
    if status is None or s.pause is not None:
        return None
    reason = status[1]
    if reason and not s.gui.takeback_greyed:
        return None                  # this game shows Take back only when it can be used
    return h("button", {"type": "button", "class_": "button takeback", "id": "take-back",
                        "data_act": "take-back", "aria_keyshortcuts": "U Control+Z",
                        "aria_disabled": "true" if reason else None},
             h("span", {"class_": "takeback-label"},
               h("span", {"aria_hidden": "true"}, "↶ "), s.t("undo.button")),
             h("span", {"class_": "takeback-why"}, s.reason_text(reason)) if reason else None)


def render_overlay(s, view, ctx):
    """The result (game over), the round summary or the lesson's end over the stage, unless
    put away or held for a frame (``Session.hold_overlay``)."""
    if s.script is not None and s.script.finished:
        return s.script.end_overlay()
    if s.overlay_hidden or s.overlay_held:
        return None
    if s.match.over:
        return result_overlay(s, view, ctx)
    if s.pause is not None:
        s.app.focus_next = s.app.focus_next or "next-round"
        return round_overlay(s, ctx, next_round=s.script is None)
    return None


def result_overlay(s, view, ctx, actions=None):
    t = s.t
    ctx.result_pick = s.result_pick
    outcome = s.match.outcome()
    rows = [h("li", {"class_": "winner" if place == 1 else None},
              h("span", {"class_": "place"}, t(f"result.place.{min(place, 6)}")),
              h("span", {"class_": "who"}, ctx.name(seat)),
              h("span", {"class_": "score"}, s.gui.score_text(outcome, seat, ctx)))
            for place, seat in placings(outcome, s.gui.lower_scores_win)]
    body = [h("p", {"class_": "training-note"}, t("training.result")) if s.training else None,
            h("ol", {"class_": "placings", "aria_label": t("result.placings")}, rows),
            h("div", {"class_": "result-body"}, s.gui.result(view, ctx))]
    return overlay("result", phrased_text(s, s.gui.result_heading(view, outcome, ctx)), "result-heading",
                   body, result_actions(s) if actions is None else actions)


def result_actions(s):
    """The result overlay's buttons."""
    t = s.t
    copy_replay = None
    if s.guest and s.match.code():
        copy_replay = h("button", {"type": "button", "class_": "button", "id": "copy-replay",
                                   "data_act": "copy", "data_arg": "link"}, t("net.copy_replay"))
    return [h("a", {"class_": "button primary", "href": f"#/new/{s.game.id}", "id": "play-again"},
              t("play.again")),
            copy_replay,
            h("a", {"class_": "button", "href": replay_href(s, 0), "id": "replay-game"},
              t("play.replay")) if s.slot is not None else None,
            h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                         "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look")),
            h("a", {"class_": "button", "href": "#/"}, t("play.shelf"))]


def round_overlay(s, ctx, next_round=True, next_button=None):
    """The round summary: the game's heading (the winner first) and body, Next round (a
    replay's Next move; a lesson's Next in its bar) and Look at the table."""
    t = s.t
    heading = phrased_text(s, s.gui.round_heading(s.pause, ctx))
    if next_button is None and next_round:
        next_button = next_round_button(s)
    actions = [next_button,
               h("button", {"type": "button", "class_": "button", "id": "look-at-table",
                            "data_act": "overlay", "data_arg": "hide"}, t("play.overlay_look"))]
    return overlay("round-over", heading, "round-heading" if heading else "round-title",
                   s.gui.round_summary(s.pause, ctx), actions)


def analysis_panel(s):
    subject = s.analysis_subject()
    if subject is None:
        return None
    result = s.analysis.get(*subject)
    t = s.t
    if result is s.analysis.THINKING:
        body = h("p", {"class_": "analysis-busy", "role": "status"}, t("analysis.thinking"))
    elif result is None:
        body = h("p", {"class_": "analysis-none"}, t("analysis.none"))
    else:
        body = result
    # it may scroll (a long analysis on a phone): reachable from the keyboard, as the log
    return h("section", {"class_": "analysis", "id": "analysis", "aria_labelledby": "analysis-title",
                         "tabindex": "0"},
             h("h2", {"id": "analysis-title"}, t("analysis.title")),
             h("div", {"class_": "analysis-body"}, body))


def render_log(s, view, ctx, window=None, line=None):
    """The log region: the lines of ``window`` (default: the last ``LOG_LIMIT``), numbered
    from the first move, under the heading of the group each belongs to; the analysis panel,
    if any, above them. ``line(n, index, text)`` draws a line (default ``log_line``)."""
    t = s.t
    entries = s.log_entries(view, ctx)
    first, last = window(entries) if window else (max(0, len(entries) - LOG_LIMIT), len(entries))
    line = line or (lambda n, index, text: log_line(s, n, text))
    head = next((entries[i][1] for i in range(first, -1, -1) if entries[i][1]), None) if entries else None
    groups, lines = [], []
    for n, (index, group, text) in enumerate(entries[first:last], start=first + 1):
        if group and n > first + 1:
            groups.append((head, lines))
            head, lines = group, []
        lines.append(line(n, index, text))
    if lines:
        groups.append((head, lines))
    # a group's heading sticks at the log's top only while its own lines pass under it: each
    # group is a block of its own (in one block every earlier heading stayed stuck behind the
    # next, and a taller one showed below it)
    body = [h("div", {"class_": "log-block"},
              h("h3", {"class_": "log-group"}, head) if head else None,
              h("ol", {"class_": "log-lines"}, lines)) for head, lines in groups]
    return h("section", {"class_": "log panel", "id": "log", "data_region": "log",
                         "aria_labelledby": "log-title"},
             analysis_panel(s),
             h("div", {"class_": "log-head"},
               h("h2", {"id": "log-title"}, t("play.log")),
               h("button", {"type": "button", "class_": "button log-close", "id": "log-close",
                            "data_act": "log", "data_arg": "close",
                            "aria_label": t("play.log_close")}, t("dialog.close"))),
             h("div", {"class_": "log-list", "id": "log-list", "tabindex": "0",
                       "aria_labelledby": "log-title"}, body))


def log_line(s, n, text):
    """Line ``n`` of the log, rendered once (the page is rendered after every move, and a long
    game's log is most of it)."""
    key = (n, text)
    line = s.lines.get(key)
    if line is None:
        if len(s.lines) > 4 * LOG_LIMIT:
            s.lines.clear()
        line = s.lines[key] = freeze(h("li", {}, h("span", {"class_": "log-n"}, f"{n}."), " ",
                                         h("span", {"class_": "log-text"}, log_text(s, text))))
    return line


def log_text(s, text):
    """A log line's words as the log shows them: in Japanese broken between phrases only (in
    every browser), names and the game's kept words never broken (the replay's log too)."""
    if s.app.i18n.lang == "ja":
        return phrased(text, [*s.names(), *s.gui.kept_words(s.t)])
    return text


def render_share(s):
    """The Share dialog: what each link holds, and which is offered first. While the game is in
    progress, first the replay link: the game so far as a spectator saw it, from its public
    record (``core.public``: no seed, nothing from which a hidden card or a draw to come could
    be computed), for anyone to watch; the save code and its link (the whole record: to go on
    with the game on another device) under a closed disclosure that says what they are. Once
    the game is over nothing is hidden any more: the save code, its link and the replay link of
    the whole record."""
    t = s.t
    code = s.match.code()
    if not code:                  # a guest's device before the game's end: nothing to share
        return dialog(t("share.title"), h("p", {}, t("net.share_later")), t, "share")
    replay = [h("label", {"for": "share-replay"}, t("share.replay_link")),
              h("p", {"class_": "hint", "id": "share-replay-hint"},
                t("share.replay_body" if s.match.over else "share.replay_body_live")),
              h("input", {"id": "share-replay", "readonly": True, "value": replay_link(s),
                          "aria_describedby": "share-replay-hint"}),
              h("div", {"class_": "actions"},
                h("button", {"type": "button", "class_": "button", "data_act": "copy",
                             "data_arg": "replay"}, t("share.copy_replay")),
                h("a", {"class_": "button", "href": replay_href(s), "id": "share-open-replay"},
                  t("share.open_replay")) if s.slot is not None else None)]
    whole = [h("label", {"for": "share-code"}, t("share.code")),
             h("textarea", {"id": "share-code", "readonly": True, "rows": "3",
                            "spellcheck": "false"}, code),
             h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "code"},
               t("share.copy_code")),
             h("label", {"for": "share-link"}, t("share.link")),
             h("input", {"id": "share-link", "readonly": True, "value": share_link(s)}),
             h("button", {"type": "button", "class_": "button", "data_act": "copy", "data_arg": "link"},
               t("share.copy_link"))]
    extra = s.gui.share_extra(s.match, t)
    if s.match.over:
        body = [extra, h("p", {}, t("share.body"))] + whole + replay
    else:
        body = [extra] + replay + [h("details", {"class_": "share-continue", "id": "share-continue"},
                                     h("summary", {}, t("share.continue")),
                                     h("p", {"class_": "hint"}, t("share.continue_body")),
                                     whole)]
    return dialog(t("share.title"), body, t, "share")


def overlay(kind, heading, heading_id, body, actions):
    """A result or round overlay over the stage: heading, a body that scrolls, and the
    buttons always in view. ``heading`` None: the body has its own (``heading_id``)."""
    return h("section", {"class_": f"overlay {kind}", "id": kind, "role": "dialog",
                         "aria_labelledby": heading_id},
             h("div", {"class_": "overlay-card"},
               h("h2", {"id": heading_id, "tabindex": "-1", "class_": "overlay-heading"}, heading)
               if heading else None,
               # focusable, so a long body scrolls from the keyboard (axe: scrollable-region-focusable)
               h("div", {"class_": "overlay-body", "tabindex": "0", "role": "group",
                         "aria_labelledby": heading_id}, body),
               h("div", {"class_": "overlay-actions actions"}, actions)))


ICONS = {   # 24×24 line icons for the header's tools (their words stay for screen readers)
    "share": "M12 15V3M7 8l5-5 5 5M5 12v8h14v-8",
    "rules": "M4 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H4zM20 4h-4a3 3 0 0 0-2 1v15a2 2 0 0 1 2-2h4z",
    "log": "M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1",
    "table": "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20v-1a5 5 0 0 1 10 0v1M17 11a2.5 2.5 0 1 0 0-5M16 14.5a4.5 4.5 0 0 1 5 4.5v1",
    "shelf": "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
    "replay": "M3 12a9 9 0 1 0 3-6.7M3 4v5h5M10 9l5 3-5 3z",
    "back": "M10 6l-6 6 6 6M4 12h16",
}


def tool(tag, id_, icon, label, attrs):
    """A header tool: an icon and its word (on phones the word is for screen readers only)."""
    base = {"id": id_, "class_": "tool"}
    if tag == "button":
        base["type"] = "button"
    base.update(attrs)
    return h(tag, base,
             h("svg", {"viewBox": "0 0 24 24", "width": "20", "height": "20", "aria_hidden": "true",
                       "focusable": "false", "class_": "tool-icon"},
               h("path", {"d": ICONS[icon], "fill": "none", "stroke": "currentColor",
                          "stroke_width": "2", "stroke_linecap": "round", "stroke_linejoin": "round"})),
             h("span", {"class_": "tool-text"}, label))


def dialog(title, body, t, name):
    """A modal dialog (Share, Rules). The close button is at the top, beside the title: the
    dialog opens with focus on it, and so shows its beginning (focus on a close button at
    the bottom scrolled a long dialog, the rules, to its end)."""
    return h("div", {"class_": "dialog-backdrop"},
             h("section", {"class_": "dialog", "role": "dialog", "aria_modal": "true",
                           "aria_labelledby": f"dialog-{name}-title", "id": f"dialog-{name}"},
               h("div", {"class_": "dialog-head"},
                 h("h2", {"id": f"dialog-{name}-title"}, title),
                 h("button", {"type": "button", "class_": "button", "id": "dialog-close",
                              "data_act": "close-dialog", "data_arg": name}, t("dialog.close"))),
               h("div", {"class_": "dialog-body"}, body)))
