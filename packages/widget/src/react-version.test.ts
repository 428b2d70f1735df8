import { createElement, version } from 'react'
import { version as domVersion } from 'react-dom'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

describe('React under test', () => {
  it('is the version this config targets, for react and react-dom alike', () => {
    const expected = process.env.DOCCHAT_EXPECTED_REACT ?? '19'
    expect(version.split('.')[0]).toBe(expected)
    expect(domVersion).toBe(version)
    expect(renderToString(createElement('b', null, 'x'))).toBe('<b>x</b>')
  })
})
