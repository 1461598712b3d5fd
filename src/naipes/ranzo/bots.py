class RanzoBot: pass
