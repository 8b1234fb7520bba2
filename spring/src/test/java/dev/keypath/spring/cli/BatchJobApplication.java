package dev.keypath.spring.cli;

import dev.keypath.spring.KeyPathDynamoOperations;
import dev.keypath.spring.KeyPathTransactions;
import dev.keypath.spring.sample.User;
import java.util.UUID;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A non-web application on the embedded engine that does its work in a {@link CommandLineRunner} and returns
 * from main without closing its context: it must exit by itself, and log no stack trace for the table check at
 * startup or for a cancelled transaction.
 */
@SpringBootApplication(scanBasePackages = "dev.keypath.spring.cli")
public class BatchJobApplication {
    public static void main(String[] args) {
        SpringApplication.run(BatchJobApplication.class, "--keypath.dynamodb.embedded=true",
                "--keypath.dynamodb.item-type-packages=dev.keypath.spring.sample",
                "--keypath.dynamodb.repositories.enabled=false", "--spring.main.banner-mode=off",
                "--spring.main.web-application-type=none");
    }

    @Bean
    CommandLineRunner work(KeyPathDynamoOperations ops, KeyPathTransactions tx) {
        return args -> {
            UUID id = UUID.randomUUID();
            ops.save(User.of(id, "first"));
            User stale = ops.findById(User.class, dev.keypath.KeyPath.of("user", id)).orElseThrow();
            ops.save(stale);
            try {
                tx.run(o -> o.save(stale)); // a cancelled transaction: the version moved on
            } catch (RuntimeException expected) {
                System.out.println("cancelled: " + expected.getClass().getSimpleName());
            }
            System.out.println("work done");
        };
    }
}
