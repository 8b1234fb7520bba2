package dev.keypath.spring.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.OperationKind;
import dev.keypath.dynamodb.OperationListener;
import dev.keypath.dynamodb.OperationReport;
import dev.keypath.spring.repository.KeyPathPageRequest;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.domain.PageRequest;

/**
 * Repository query methods name their access pattern after the method, or their {@code @AccessPattern}; reads and
 * writes of one item keep their operation's name. Seen in the table's reports on DynamoDB Local.
 */
@SpringBootTest(classes = PatternsApplication.class, properties = {"keypath.dynamodb.table-name=spring-patterns",
    "keypath.dynamodb.create-table-if-missing=true"})
@Import(RepositoryAccessPatternsTest.Reports.class)
class RepositoryAccessPatternsTest {
    static final List<OperationReport> REPORTS = new CopyOnWriteArrayList<>();

    @TestConfiguration(proxyBeanMethods = false)
    static class Reports {
        @Bean
        OperationListener collectReports() {
            return REPORTS::add;
        }
    }

    @Autowired
    ArticleRepository articles;
    @Autowired
    AuthorRepository authors;

    UUID author;

    @BeforeEach
    void seed() {
        author = UUID.randomUUID();
        authors.save(new Author(author, author + "@example.com", "ada"));
        for (long id = 1; id <= 6; id++) {
            articles.save(new Article(author, id, id % 2 == 0 ? "dynamo" : "spring", "text " + id));
        }
    }

    /** The patterns of the reports {@code call} made, in order, without repeats. */
    private List<String> patternsOf(Runnable call) {
        REPORTS.clear();
        call.run();
        return REPORTS.stream().map(OperationReport::accessPattern).distinct().toList();
    }

    private <T> List<String> patternsOf(Supplier<T> call) {
        return patternsOf(() -> {
            T ignored = call.get();
        });
    }

    @Test
    void aDerivedQueryIsNamedAfterItsMethod() {
        assertThat(patternsOf(() -> articles.findByAuthorId(author))).containsExactly("ArticleRepository.findByAuthorId");
        assertThat(REPORTS).allSatisfy(r -> {
            assertThat(r.kind()).isEqualTo(OperationKind.QUERY);
            assertThat(r.partition()).contains(KeyPath.of("author", author));
        });
        assertThat(patternsOf(() -> articles.streamByAuthorIdAndTopic(author, "dynamo").toList()))
                .containsExactly("ArticleRepository.streamByAuthorIdAndTopic");
    }

    @Test
    void aPageCountsOnceUnderTheMethodsNameAndItsTotalApart() {
        assertThat(patternsOf(() -> articles.findByAuthorIdAndArticleIdGreaterThan(author, 2, PageRequest.of(0, 2))))
                .containsExactly("ArticleRepository.findByAuthorIdAndArticleIdGreaterThan",
                        "ArticleRepository.findByAuthorIdAndArticleIdGreaterThan (total)");
        assertThat(REPORTS).filteredOn(r -> r.accessPattern().endsWith("GreaterThan"))
                .singleElement().extracting(OperationReport::kind).isEqualTo(OperationKind.QUERY);
        assertThat(REPORTS).filteredOn(r -> r.accessPattern().endsWith("(total)"))
                .singleElement().extracting(OperationReport::kind).isEqualTo(OperationKind.COUNT);
    }

    @Test
    void anAnnotationNamesThePatternInstead() {
        assertThat(patternsOf(() -> articles.findByAuthorIdOrderByArticleIdDesc(author, KeyPathPageRequest.ofSize(2))))
                .containsExactly("timeline");
        assertThat(patternsOf(() -> articles.countByAuthorId(author))).containsExactly("articleCount");
        assertThat(REPORTS).singleElement().extracting(OperationReport::kind).isEqualTo(OperationKind.COUNT);
    }

    @Test
    void declaredQueriesAreNamedTheSameWay() {
        assertThat(patternsOf(() -> articles.onTopic(author, "dynamo"))).containsExactly("ArticleRepository.onTopic");
        assertThat(patternsOf(() -> articles.newestOnTopic(author, "dynamo"))).containsExactly("newestOnTopic");
    }

    @Test
    void singleItemOperationsKeepTheirOperationsNames() {
        assertThat(patternsOf(() -> articles.findById(KeyPath.of("author", author).then("article", 1))))
                .containsExactly("Article.get");
        assertThat(patternsOf(() -> authors.findByEmail(author + "@example.com"))).containsExactly("Author.getByAlias");
        assertThat(patternsOf(() -> articles.save(new Article(author, 9, "x", "y")))).containsExactly("Article.put");
    }

    @Test
    void aDerivedDeleteNamesItsQuery() {
        assertThat(patternsOf(() -> articles.deleteByAuthorIdAndTopic(author, "spring")))
                .startsWith("ArticleRepository.deleteByAuthorIdAndTopic").contains("Article.batchWrite");
    }
}
