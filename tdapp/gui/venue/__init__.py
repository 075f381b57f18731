"""The venue network in the window: File > Share on the venue network, Join a shared tournament,
and what another station's change or a lost server looks like here."""
