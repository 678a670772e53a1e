#!/usr/bin/env node
/**
 * Runs one measurement (a latency step, a load test) in a Node process of its own (processes.mjs, measureInOwnProcess):
 *   node in-own-process.mjs <module file> <export> <result file> <server origin> <options as JSON>
 * The export is called as `measure(origin, { ...options, log })`; its result is written to the result file as
 * JSON, its log lines go to stdout.
 */
import { writeFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

const [moduleFile, name, resultFile, origin, options] = process.argv.slice(2);
if (!moduleFile || !name || !resultFile || !origin || !options)
  throw new Error("usage: in-own-process.mjs <module file> <export> <result file> <origin> <options JSON>");
const measure = (await import(pathToFileURL(moduleFile).href))[name];
if (typeof measure !== "function") throw new Error(`${moduleFile} exports no function ${name}`);
const result = await measure(origin, {
  ...JSON.parse(options),
  log: (/** @type {string} */ message) => console.log(message),
});
await writeFile(resultFile, JSON.stringify(result));
