# PyScript entry point: the bodoge package arrives unpacked from bodoge.zip (pyscript.toml).
# Any failure while starting (an import, reading storage, the first render) shows web/boot.js's
# "could not start" screen instead of a page that never finishes loading.
try:
    from bodoge.ui.dom import start

    start()
except BaseException as e:  # noqa: BLE001 - whatever it is, the player must hear of it
    from pyscript import window

    window.bodogeBootFailed(f"{type(e).__name__}: {e}"[:500])
