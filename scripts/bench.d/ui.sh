# toolbox ui on a pseudo-terminal (issue 28's targets): exec to the first full frame, a key to its frame
# (the selected day, the month), bytes per frame, idle CPU and wake-ups; 10,000 tasks and 1,000 D-Days.
# Absolute figures against the targets: calcurse, what people use instead, has no frame to time.
TOOLBOX="$TOOLBOX" scripts/ui-bench
