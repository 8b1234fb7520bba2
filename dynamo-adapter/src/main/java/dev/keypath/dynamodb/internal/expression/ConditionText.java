package dev.keypath.dynamodb.internal.expression;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A DynamoDB condition expression ({@code ConditionExpression}, {@code FilterExpression}) read into its atoms: each
 * comparison, {@code BETWEEN}, {@code IN} and function, with its operands (attribute paths, {@code :value}
 * placeholders, {@code size(...)}) and where each lies in the text, so that operands can be replaced without
 * touching the rest. The grammar is DynamoDB's: {@code OR} binds weaker than {@code AND}, which binds weaker than
 * {@code NOT}; keywords in any case, function names in lower case; a path is names ({@code #placeholder} or bare)
 * joined by {@code .} with {@code [n]} indexes. Immutable.
 */
public final class ConditionText {
    /** One step of a path: a name as written ({@code #p} or bare) or a list index, with where it lies. */
    public record Step(int start, int end, String text, int index) {
        /** Whether the step is a list index. */
        public boolean isIndex() {
            return index >= 0;
        }
    }

    /** An operand of an atom. */
    public sealed interface Operand {
        /** Where the operand starts in the text. */
        int start();

        /** Where it ends (exclusive). */
        int end();
    }

    /** An attribute path. */
    public record Path(int start, int end, List<Step> steps) implements Operand {
        /** The top-level attribute it names, through {@code names} for a placeholder; null when none is given. */
        public String top(Map<String, String> names) {
            String text = steps.get(0).text();
            return text.startsWith("#") ? names.get(text) : text;
        }
    }

    /** A {@code :value} placeholder. */
    public record Value(int start, int end, String placeholder) implements Operand {
    }

    /** {@code size(operand)}. */
    public record Size(int start, int end, Operand of) implements Operand {
    }

    /** What an atom is. */
    public enum Kind {
        /** {@code a = b}, {@code <>}, {@code <}, {@code <=}, {@code >}, {@code >=}. */
        COMPARISON,
        /** {@code a BETWEEN b AND c}. */
        BETWEEN,
        /** {@code a IN (b, c, ...)}. */
        IN,
        /** {@code attribute_exists(a)}, {@code begins_with(a, b)} and the other functions. */
        FUNCTION
    }

    /**
     * A condition that is not made of others: its kind, its operator (the comparator, or the function's name), its
     * operands in order, and where it lies.
     */
    public record Atom(int start, int end, Kind kind, String operator, List<Operand> operands) {
    }

    /** A replacement of the text between {@code start} and {@code end}. */
    public record Edit(int start, int end, String text) {
    }

    private static final Set<String> FUNCTIONS = Set.of("attribute_exists", "attribute_not_exists", "attribute_type",
            "begins_with", "contains");

    private final String text;
    private final List<Atom> atoms;
    private final int operators;

    private ConditionText(String text, List<Atom> atoms, int operators) {
        this.text = text;
        this.atoms = List.copyOf(atoms);
        this.operators = operators;
    }

    /**
     * Reads {@code text}; an {@link IllegalArgumentException} naming the offset and what was expected when it is not
     * a condition expression.
     */
    public static ConditionText parse(String text) {
        Parser p = new Parser(text);
        p.condition();
        if (p.peek().kind != TokenKind.END) {
            throw p.error("AND, OR or the end");
        }
        return new ConditionText(text, p.atoms, p.operators);
    }

    /** The text as given. */
    public String text() {
        return text;
    }

    /** The atoms, in the order they appear. */
    public List<Atom> atoms() {
        return atoms;
    }

    /** The operators and functions the expression holds, as DynamoDB counts them against its limit. */
    public int operators() {
        return operators;
    }

    /** Every path among the atoms' operands, {@code size(...)}'s included, in order. */
    public List<Path> paths() {
        List<Path> paths = new ArrayList<>();
        for (Atom a : atoms) {
            for (Operand o : a.operands()) {
                Operand inner = o instanceof Size s ? s.of() : o;
                if (inner instanceof Path p) {
                    paths.add(p);
                }
            }
        }
        return paths;
    }

    /** The text with {@code edits} applied; they must not overlap. */
    public String edited(List<Edit> edits) {
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(Edit::start));
        StringBuilder b = new StringBuilder(text.length() + 16 * edits.size());
        int at = 0;
        for (Edit e : sorted) {
            b.append(text, at, e.start()).append(e.text());
            at = e.end();
        }
        return b.append(text, at, text.length()).toString();
    }

    private enum TokenKind { NAME, VALUE, WORD, NUMBER, PUNCT, COMPARATOR, END }

    private record Token(TokenKind kind, String text, int start, int end) {
        boolean is(String s) {
            return (kind == TokenKind.PUNCT || kind == TokenKind.COMPARATOR) && text.equals(s);
        }

        boolean isKeyword(String keyword) {
            return kind == TokenKind.WORD && text.toUpperCase(Locale.ROOT).equals(keyword);
        }
    }

    /** Recursive descent over the tokens, collecting atoms as it goes. Single use. */
    private static final class Parser {
        private final String text;
        private final List<Token> tokens;
        private final List<Atom> atoms = new ArrayList<>();
        private int operators;
        private int pos;

        Parser(String text) {
            this.text = text;
            this.tokens = tokens(text);
        }

        void condition() {
            conjunction();
            while (peek().isKeyword("OR")) {
                pos++;
                operators++;
                conjunction();
            }
        }

        private void conjunction() {
            unary();
            while (peek().isKeyword("AND")) {
                pos++;
                operators++;
                unary();
            }
        }

        private void unary() {
            if (peek().isKeyword("NOT")) {
                pos++;
                operators++;
                unary();
                return;
            }
            if (peek().is("(")) {
                pos++;
                condition();
                expect(")");
                return;
            }
            Token t = peek();
            if (t.kind == TokenKind.WORD && FUNCTIONS.contains(t.text) && next(1).is("(")) {
                pos += 2;
                operators++;
                List<Operand> args = new ArrayList<>();
                args.add(operand());
                while (peek().is(",")) {
                    pos++;
                    args.add(operand());
                }
                Token close = expect(")");
                atoms.add(new Atom(t.start, close.end, Kind.FUNCTION, t.text, args));
                return;
            }
            Operand first = operand();
            Token op = peek();
            if (op.kind == TokenKind.COMPARATOR) {
                pos++;
                operators++;
                Operand second = operand();
                atoms.add(new Atom(first.start(), second.end(), Kind.COMPARISON, op.text, List.of(first, second)));
            } else if (op.isKeyword("BETWEEN")) {
                pos++;
                operators++;
                Operand low = operand();
                if (!peek().isKeyword("AND")) {
                    throw error("AND of BETWEEN");
                }
                pos++;
                Operand high = operand();
                atoms.add(new Atom(first.start(), high.end(), Kind.BETWEEN, "BETWEEN", List.of(first, low, high)));
            } else if (op.isKeyword("IN")) {
                pos++;
                operators++;
                expect("(");
                List<Operand> list = new ArrayList<>();
                list.add(first);
                list.add(operand());
                while (peek().is(",")) {
                    pos++;
                    list.add(operand());
                }
                Token close = expect(")");
                atoms.add(new Atom(first.start(), close.end, Kind.IN, "IN", list));
            } else {
                throw error("a comparator, BETWEEN or IN");
            }
        }

        private Operand operand() {
            Token t = peek();
            if (t.kind == TokenKind.VALUE) {
                pos++;
                return new Value(t.start, t.end, t.text);
            }
            if (t.kind == TokenKind.WORD && t.text.equals("size") && next(1).is("(")) {
                pos += 2;
                operators++;
                Operand of = operand();
                Token close = expect(")");
                return new Size(t.start, close.end, of);
            }
            if (t.kind == TokenKind.NAME || t.kind == TokenKind.WORD && !isKeyword(t)) {
                List<Step> steps = new ArrayList<>();
                pos++;
                steps.add(new Step(t.start, t.end, t.text, -1));
                while (true) {
                    if (peek().is(".") && (next(1).kind == TokenKind.NAME || next(1).kind == TokenKind.WORD)) {
                        Token name = next(1);
                        pos += 2;
                        steps.add(new Step(name.start, name.end, name.text, -1));
                    } else if (peek().is("[") && next(1).kind == TokenKind.NUMBER && next(2).is("]")) {
                        Token open = peek();
                        Token number = next(1);
                        Token close = next(2);
                        pos += 3;
                        steps.add(new Step(open.start, close.end, "[" + number.text + "]",
                                Integer.parseInt(number.text)));
                    } else {
                        break;
                    }
                }
                return new Path(t.start, steps.get(steps.size() - 1).end(), List.copyOf(steps));
            }
            throw error("an attribute, a :value or size(...)");
        }

        private static boolean isKeyword(Token t) {
            String upper = t.text.toUpperCase(Locale.ROOT);
            return upper.equals("AND") || upper.equals("OR") || upper.equals("NOT") || upper.equals("BETWEEN")
                    || upper.equals("IN");
        }

        private Token expect(String punct) {
            Token t = peek();
            if (!t.is(punct)) {
                throw error("'" + punct + "'");
            }
            pos++;
            return t;
        }

        Token peek() {
            return next(0);
        }

        private Token next(int ahead) {
            return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
        }

        IllegalArgumentException error(String expected) {
            Token t = peek();
            return new IllegalArgumentException("expected " + expected + " at offset " + t.start + (t.kind
                    == TokenKind.END ? " (the end)" : " ('" + t.text + "')") + " of '" + text + "'");
        }

        private static List<Token> tokens(String text) {
            List<Token> out = new ArrayList<>();
            int i = 0;
            int n = text.length();
            while (i < n) {
                char c = text.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                    continue;
                }
                int start = i;
                if (c == '#' || c == ':') {
                    i++;
                    while (i < n && isWordChar(text.charAt(i))) {
                        i++;
                    }
                    if (i == start + 1) {
                        throw new IllegalArgumentException("a placeholder at offset " + start + " of '" + text
                                + "' has no name");
                    }
                    out.add(new Token(c == '#' ? TokenKind.NAME : TokenKind.VALUE, text.substring(start, i), start, i));
                } else if (Character.isLetter(c) || c == '_') {
                    while (i < n && isWordChar(text.charAt(i))) {
                        i++;
                    }
                    out.add(new Token(TokenKind.WORD, text.substring(start, i), start, i));
                } else if (c >= '0' && c <= '9') {
                    while (i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
                        i++;
                    }
                    out.add(new Token(TokenKind.NUMBER, text.substring(start, i), start, i));
                } else if (c == '<' || c == '>' || c == '=') {
                    i++;
                    if (i < n && (text.charAt(i) == '=' && c != '=' || c == '<' && text.charAt(i) == '>')) {
                        i++;
                    }
                    out.add(new Token(TokenKind.COMPARATOR, text.substring(start, i), start, i));
                } else if ("(),.[]".indexOf(c) >= 0) {
                    i++;
                    out.add(new Token(TokenKind.PUNCT, String.valueOf(c), start, i));
                } else {
                    throw new IllegalArgumentException("unexpected '" + c + "' at offset " + start + " of '" + text
                            + "'");
                }
            }
            out.add(new Token(TokenKind.END, "", n, n));
            return out;
        }

        private static boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_';
        }
    }
}
