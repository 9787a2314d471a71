from graphlint.launcher import main

main()
