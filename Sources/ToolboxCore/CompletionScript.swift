/// The shell completion scripts. Each is a thin relay: at every Tab it runs `toolbox __complete -- <words>`
/// and offers what the binary answers (see ``CompletionEngine``), so the scripts never go stale and know the
/// live config (aliases, disabled tools) and data (todo ids, tags). They print nothing at shell start and
/// offer nothing when toolbox fails.
enum CompletionScript {
  /// The script for a shell.
  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  static let bash = #"""
    # bash completion for toolbox. Load it with: source <(toolbox completions bash)
    # At each Tab it asks 'toolbox __complete' what fits, so it never needs regenerating.
    _toolbox() {
      local cur="" i word
      local -a words=()
      # Words bash split at '=' or ':' (COMP_WORDBREAKS) are joined again: --locale=ko is one word.
      for ((i = 1; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if ((${#words[@]} > 0)) && [[ $word == "=" || $word == ":" ||
          ${words[${#words[@]}-1]} == *"=" || ${words[${#words[@]}-1]} == *":" ]] &&
          [[ $COMP_WORDBREAKS == *"${word:0:1}"* || $COMP_WORDBREAKS == *"${words[${#words[@]}-1]: -1}"* ]]; then
          words[${#words[@]}-1]+=$word
        else
          words+=("$word")
        fi
      done
      # The last word is the one at the cursor; an opening quote is not part of what is typed ('1<Tab>).
      if ((${#words[@]} > 0)); then
        cur=${words[${#words[@]}-1]}
        unset 'words[${#words[@]}-1]'
      fi
      [[ $cur == [\'\"]* ]] && cur=${cur:1}
      local answer directive
      answer=$("${COMP_WORDS[0]}" __complete -- "${words[@]}" "$cur" 2>/dev/null) || return 0
      directive=${answer##*$'\n'}
      [[ $answer == *$'\n'* ]] && answer=${answer%$'\n'*} || answer=""
      # bash replaces only the part of the word after its last '=' or ':'.
      local strip=""
      [[ $cur == *[=:]* ]] && strip=${cur%"${cur##*[=:]}"}
      case $directive in
        :files|:dirs)
          local path=${cur#"$strip"}
          compopt -o filenames 2>/dev/null
          # Without bash-completion's _filedir: compgen, one name a line (names may have spaces).
          if [[ $directive == :dirs ]]; then
            mapfile -t COMPREPLY < <(compgen -d -- "$path")
          elif declare -F _filedir >/dev/null; then
            cur=$path _filedir
          else
            mapfile -t COMPREPLY < <(compgen -f -- "$path")
          fi
          ;;
        :none) COMPREPLY=() ;;
        *)
          local IFS=$'\n' line
          COMPREPLY=()
          for line in $answer; do
            line=${line%%$'\t'*}
            COMPREPLY+=("${line#"$strip"}")
          done
          [[ $directive == :nospace ]] && compopt -o nospace 2>/dev/null
          ;;
      esac
      return 0
    }
    complete -F _toolbox toolbox

    """#

  static let zsh = #"""
    #compdef toolbox
    # zsh completion for toolbox: put this file in a folder of $fpath as _toolbox.
    # At each Tab it asks 'toolbox __complete' what fits, so it never needs regenerating.
    _toolbox() {
      local answer directive line value description
      local -a lines candidates
      answer=$(${words[1]} __complete -- "${(@Q)words[2,CURRENT-1]}" "${(Q)PREFIX}" 2>/dev/null) || return 1
      lines=("${(@f)answer}")
      directive=${lines[-1]}
      lines=("${(@)lines[1,-2]}")
      case $directive in
        :files|:dirs)
          [[ $PREFIX == -*=* ]] && compset -P '*='
          if [[ $directive == :dirs ]]; then _files -/; else _files; fi
          return
          ;;
        :none) return 1 ;;
      esac
      for line in $lines; do
        value=${line%%$'\t'*}
        description=${line#*$'\t'}
        [[ $description == $line ]] && description=""
        candidates+=("${value//:/\\:}${description:+:$description}")
      done
      (( ${#candidates} )) || return 1
      if [[ $directive == :nospace ]]; then
        _describe -t values toolbox candidates -S ''
      else
        _describe -t values toolbox candidates
      fi
    }
    if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
      _toolbox "$@"
    else
      # Sourced in a shell whose completion is not set up yet: set it up (compdef comes with compinit).
      (( $+functions[compdef] )) || { autoload -Uz compinit && compinit -i; }
      compdef _toolbox toolbox
    fi

    """#

  static let fish = #"""
    # fish completion for toolbox: save as ~/.config/fish/completions/toolbox.fish
    # At each Tab it asks 'toolbox __complete' what fits, so it never needs regenerating.
    function __toolbox_complete
        set -l tokens (commandline -opc)
        set -l command $tokens[1]
        set -e tokens[1]
        # Silent when toolbox is not on PATH.
        command -q $command; or return
        # The word as meant, not as typed: sub\ d, 'my n and d\$r are 'sub d', 'my n' and 'd$r'.
        set -l raw (commandline -ct)
        set -l current (string unescape -- "$raw"); or set current $raw
        set -l answer ($command __complete -- $tokens "$current" 2>/dev/null)
        or return
        set -l directive $answer[-1]
        set -e answer[-1]
        switch $directive
            case :files :dirs
                set -l prefix (string match -r -- '^-[^=]*=' "$current")
                set -l path (string replace -r -- '^-[^=]*=' '' "$current")
                # ~ is the home folder, and stays ~ in what is offered.
                set -l home ''
                if string match -q -r -- '^~(/|$)' "$path"
                    set home $HOME
                    set path (string replace -- '~' $HOME "$path")
                end
                set -l found
                if test $directive = :dirs
                    set found (__fish_complete_directories "$path")
                else
                    set found (__fish_complete_path "$path")
                end
                # (string reads standard input when given no words: only with some.)
                test (count $found) -gt 0; or return
                if test -n "$home"
                    set found (string replace -- $home '~' $found)
                end
                string replace -r -- '^' "$prefix" $found
            case :none
                return
            case '*'
                printf '%s\n' $answer
        end
    end
    complete -c toolbox -f -a '(__toolbox_complete)'

    """#
}
