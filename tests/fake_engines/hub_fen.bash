# hub_fen.bash -- sourced by the Hub fake engines (hub.sh, hub1.sh): a Hub position,
# side then 50 squares (w/b men, W/B kings, e empty; Hub 1 writes the side in lower
# case), as the PDN FEN that `boyi moves` reads.
fen_of() {
    local p=$1 w= b= i c
    for ((i = 1; i <= 50; i++)); do
        c=${p:i:1}
        case "$c" in
        w) w+="$i," ;; W) w+="K$i," ;; b) b+="$i," ;; B) b+="K$i," ;;
        esac
    done
    local side=${p:0:1}
    echo "${side^^}:W${w%,}:B${b%,}"
}
