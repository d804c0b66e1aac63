# PyScript entry point: the bodoge package arrives unpacked from bodoge.zip (pyscript.toml).
from bodoge.ui.dom import start

start()
