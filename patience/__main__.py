import sys

from patience.cli import main

sys.exit(main())
