import AASALintCore

struct AssetlinksDynamicComponentsRule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "assetlinks-dynamic-components",
        summary: "Dynamic App Links components (`dynamic_app_link_components`, Android 15) of the wrong shape, or that never apply",
        rationale: """
            Android 15 reads Dynamic App Links from a `handle_all_urls` statement: \
            `"relation_extensions": {"delegate_permission/common.handle_all_urls": \
            {"dynamic_app_link_components": [...]}}`, a list of objects with an optional `"/"` \
            (path pattern), `"?"` (an object of query keys to value patterns), `"#"` (fragment \
            pattern), `"exclude"` (a boolean) and `"comments"` (a string) (AOSP \
            StatementService `parseDynamicAppLinkComponents`). Patterns use `*` and `?` and match \
            the decoded path, which starts with `/`. The components only narrow what the \
            manifest's filters claim; earlier versions ignore them.

            The rule reports a component list that is not an array of objects, a key the parser \
            does not read, a value of the wrong type (`"exclude": "true"` is a string), a path \
            pattern that cannot match because it does not start with `/` or a wildcard, \
            components under a relation the statement does not list, and components after a \
            catch-all `{"/": "*"}`. What the verifier does with a value of the wrong type, and \
            whether the first matching component decides, are not settled: aasalint assumes the \
            component is lost and that the first match wins, as in Apple's components.
            """,
        severity: .warning,
        fileKinds: [.assetLinks],
        examples: [
            RuleExample(triggers: true, AndroidExample.list(AndroidExample.statement(members: [
                #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["#
                    + "\n" + #"    {"/": "/admin/*", "exclude": ↓"true"}, {"/": "*"}]}}"#,
            ]))),
            RuleExample(triggers: false, AndroidExample.list(AndroidExample.statement(members: [
                #""relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": ["#
                    + "\n" + #"    {"/": "/admin/*", "exclude": true}, {"/": "*"}]}}"#,
            ]))),
        ]
    )

    static let componentsKey = "dynamic_app_link_components"
    static let componentKeys = ["/", "?", "#", "exclude", "comments"]

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard let document = file.assetLinks else { return [] }
        var diagnostics: [Diagnostic] = []
        for statement in document.statements {
            guard let extensions = statement.node.member("relation_extensions")?.value.members else { continue }
            let extensionsPointer = statement.pointer.appending("relation_extensions")
            for member in extensions {
                let pointer = extensionsPointer.appending(member.key)
                guard let components = member.value.member(Self.componentsKey) else { continue }
                if statement.relations?.contains(where: { $0.value == member.key }) != true {
                    diagnostics.append(diagnostic(
                        "dynamic_app_link_components under \"\(member.key)\", a relation this statement does not list, are ignored; list the relation in \"relation\"",
                        at: file.location(pointer, .key)))
                    continue
                }
                diagnostics += check(components.value, at: pointer.appending(Self.componentsKey), in: file)
            }
        }
        return diagnostics
    }

    private func check(_ list: PositionedValue, at pointer: JSONPointer, in file: LintFile) -> [Diagnostic] {
        guard let components = list.elements else {
            return [diagnostic("dynamic_app_link_components is \(article(list.typeName)), not an array of components; Android 15 reads no Dynamic App Links from it (not settled: aasalint assumes it is lost)",
                               at: file.location(pointer, .value))]
        }
        var diagnostics: [Diagnostic] = []
        var catchAll: JSONPointer?
        for (index, component) in components.enumerated() {
            let componentPointer = pointer.appending(index)
            guard let members = component.members else {
                diagnostics.append(diagnostic("this component is \(article(component.typeName)), not an object such as {\"/\": \"/product/*\"}; it is lost (not settled: aasalint assumes so)",
                                              at: file.location(componentPointer, .value)))
                continue
            }
            if let catchAll {
                diagnostics.append(diagnostic(
                    "this component comes after the catch-all component on line \(file.location(catchAll).range.start.line), which already decides every link, so it never applies (the first matching component decides; not settled for Android, as for Apple's components); move it before the catch-all",
                    at: file.location(componentPointer, .value)))
            }
            for member in members {
                if let problem = problem(of: member) {
                    diagnostics.append(diagnostic(problem.message, at: file.location(componentPointer.appending(member.key), problem.part)))
                }
            }
            let path = component.member("/")?.value.stringValue
            if catchAll == nil, path == "*" || path == "/*", members.allSatisfy({ $0.key == "/" || $0.key == "comments" }) {
                catchAll = componentPointer
            }
        }
        return diagnostics
    }

    private func problem(of member: PositionedMember) -> (message: String, part: JSONPointerPart)? {
        let value = member.value
        let lost = "Android 15 does not read it as such (not settled: aasalint assumes the component is lost)"
        switch member.key {
        case "/", "#", "comments":
            guard let text = value.stringValue else {
                return ("\"\(member.key)\" is \(article(value.typeName)), not a string; \(lost)", .value)
            }
            if member.key == "/", let first = text.first, first != "/" && first != "*" && first != "?" {
                return ("\"/\": \"\(text)\" does not start with \"/\" or a wildcard, and every path does, so this component never matches; write \"/\(text)\"", .value)
            }
        case "?":
            guard let items = value.members else {
                return ("\"?\" is \(article(value.typeName)), not an object of query keys and value patterns such as {\"ref\": \"*\"}; \(lost)", .value)
            }
            if let item = items.first(where: { $0.value.stringValue == nil }) {
                return ("the query key \"\(item.key)\" has \(article(item.value.typeName)), not a string pattern; \(lost)", .value)
            }
        case "exclude":
            if value.boolValue == nil {
                let hint = value.stringValue.flatMap { $0 == "true" || $0 == "false" ? ": write \($0) without quotes" : nil } ?? ""
                return ("\"exclude\" is \(article(value.typeName)), not a boolean; \(lost)\(hint)", .value)
            }
        default:
            let hint = Suggestion.nearest(to: member.key, in: Self.componentKeys).map { "; did you mean \"\($0)\"?" } ?? ""
            return ("\"\(member.key)\" is not a key of a Dynamic App Links component (\"/\", \"?\", \"#\", \"exclude\", \"comments\"); it is ignored\(hint)", .key)
        }
        return nil
    }

    private func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" ? "an \(typeName)" : "a \(typeName)"
    }
}
