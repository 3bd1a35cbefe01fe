/// Shell completion scripts for bash, zsh and fish, made from the command and option tables.
enum ShellCompletions {
    enum Shell: String, ArgumentChoice {
        case bash, zsh, fish
        var argument: String { rawValue }
        init?(argument: String) { self.init(rawValue: argument) }
    }

    static func script(for shell: Shell, commands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    // MARK: bash

    private static func bash(_ commands: [CommandSpec]) -> String {
        var text = """
        # bash completion for parpair-report (made by 'parpair-report completions bash')
        _parpair_report() {
            local cur prev command
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev=""
            [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD-1]}"
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name.rawValue).joined(separator: " ")) --help --version" -- "$cur"))
                return
            fi
            command="${COMP_WORDS[1]}"
            case "$command" in

        """
        for command in commands {
            text += "        \(command.name.rawValue))\n"
            let valued = command.options.filter(\.takesValue)
            if !valued.isEmpty {
                text += "            case \"$prev\" in\n"
                for option in valued {
                    text += "                \(option.name)) \(bashValue(option.completion)); return ;;\n"
                }
                text += "            esac\n"
            }
            let names = (command.options.map(\.name) + ["--help"]).joined(separator: " ")
            text += "            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(names)\" -- \"$cur\")); return; fi\n"
            text += "            \(bashValue(command.positional))\n"
            text += "            ;;\n"
        }
        text += """
            esac
        }
        complete -o filenames -F _parpair_report parpair-report

        """
        return text
    }

    private static func bashValue(_ completion: CompletionKind) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .choices(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }

    // MARK: zsh

    private static func zsh(_ commands: [CommandSpec]) -> String {
        var text = """
        #compdef parpair-report
        # zsh completion for parpair-report (made by 'parpair-report completions zsh')
        _parpair_report() {
            local -a commands
            commands=(

        """
        for command in commands {
            text += "        '\(command.name.rawValue):\(zshQuoted(command.summary))'\n"
        }
        text += """
            )
            if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
            fi
            case "$words[2]" in

        """
        for command in commands {
            text += "    \(command.name.rawValue))\n        _arguments -s \\\n"
            for option in command.options {
                let help = zshQuoted(option.help)
                if let value = option.valueName {
                    text += "            '\(option.name)[\(help)]:\(zshQuoted(value)):\(zshAction(option.completion))' \\\n"
                } else {
                    text += "            '\(option.name)[\(help)]' \\\n"
                }
            }
            text += "            '--help[show the help]' \\\n"
            text += "            '*:argument:\(zshAction(command.positional))'\n        ;;\n"
        }
        text += """
            esac
        }
        _parpair_report "$@"

        """
        return text
    }

    /// Inside single quotes, with the characters `_arguments` treats specially escaped.
    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: ":", with: "\\:")
    }

    private static func zshAction(_ completion: CompletionKind) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .choices(let words): "(\(words.joined(separator: " ")))"
        }
    }

    // MARK: fish

    private static func fish(_ commands: [CommandSpec]) -> String {
        var text = "# fish completion for parpair-report (made by 'parpair-report completions fish')\n"
        text += "complete -c parpair-report -f\n"
        let names = commands.map(\.name.rawValue).joined(separator: " ")
        for command in commands {
            text += "complete -c parpair-report -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name.rawValue) -d \(fishQuoted(command.summary))\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name.rawValue)'"
            for option in command.options {
                var line = "complete -c parpair-report \(condition) -l \(option.name.dropFirst(2))"
                if option.takesValue {
                    switch option.completion {
                    case .none: line += " -x"
                    case .file: line += " -r -F"
                    case .directory: line += " -x -a '(__fish_complete_directories)'"
                    case .choices(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                    }
                }
                text += line + " -d \(fishQuoted(option.help))\n"
            }
            switch command.positional {
            case .file, .directory: text += "complete -c parpair-report \(condition) -F\n"
            case .choices(let words): text += "complete -c parpair-report \(condition) -a \(fishQuoted(words.joined(separator: " ")))\n"
            case .none: break
            }
        }
        return text
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
