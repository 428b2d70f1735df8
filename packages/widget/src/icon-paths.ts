/** 24×24 stroke icons (Lucide-style paths, ISC), shared by the DOM loader and the React parts. */
export const sparkles = [
  'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z',
  'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z',
]
export const search = ['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z', 'M21 21l-4.3-4.3']
export const close = ['M18 6L6 18', 'M6 6l12 12']
export const send = ['M12 19V5', 'M5 12l7-7 7 7']
export const stop = ['M7 7h10v10H7z']
export const refresh = [
  'M3 12a9 9 0 0 1 15.5-6.3L21 8',
  'M21 3v5h-5',
  'M21 12a9 9 0 0 1-15.5 6.3L3 16',
  'M3 21v-5h5',
]
export const plus = ['M12 5v14', 'M5 12h14']
export const copy = ['M9 9h11v11H9z', 'M5 15H4V4h11v1']
export const check = ['M20 6L9 17l-5-5']
export const thumbsUp = [
  'M7 10v11',
  'M15 5.9L14 10h5.8a2 2 0 0 1 2 2.3l-1.4 7A2 2 0 0 1 18.4 21H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h2.8a2 2 0 0 0 1.8-1.1L12 3a3 3 0 0 1 3 2.9z',
]
export const thumbsDown = [
  'M17 14V3',
  'M9 18.1L10 14H4.2a2 2 0 0 1-2-2.3l1.4-7A2 2 0 0 1 5.6 3H20a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-2.8a2 2 0 0 0-1.8 1.1L12 21a3 3 0 0 1-3-2.9z',
]
export const externalLink = [
  'M15 3h6v6',
  'M10 14L21 3',
  'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
]
export const file = ['M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z', 'M14 3v6h6']
export const hash = ['M4 9h16', 'M4 15h16', 'M10 3L8 21', 'M16 3l-2 18']
export const arrowDown = ['M12 5v14', 'M5 12l7 7 7-7']
export const arrowRight = ['M5 12h14', 'M13 5l7 7-7 7']
export const alert = ['M12 3l10 18H2z', 'M12 10v4', 'M12 17.5v.5']
export const clock = ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', 'M12 7v5l3 2']
export const gitPullRequest = [
  'M6 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  'M18 15a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  'M6 9v12',
  'M13 6h3a2 2 0 0 1 2 2v7',
]
export const code = ['M16 18l6-6-6-6', 'M8 6l-6 6 6 6']
export const text = ['M4 7V4h16v3', 'M9 20h6', 'M12 4v16']
export const link = [
  'M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5',
  'M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5',
]
export const history = [
  'M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8',
  'M3 3v5h5',
  'M12 7v5l4 2',
]
export const trash = [
  'M3 6h18',
  'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6',
  'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2',
]
export const download = ['M12 3v12', 'M7 10l5 5 5-5', 'M5 21h14']
export const arrowLeft = ['M19 12H5', 'M11 19l-7-7 7-7']
export const dock = ['M3 4h18v16H3z', 'M15 4v16']
